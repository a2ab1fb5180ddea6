"""Train a small masked policy with PPO (plain PyTorch) and plot its learning curve.

The agent plays the Allied Powers in the Introductory scenario (three turns) against the random
bot, through :class:`greatwar.env.single.SingleAgentEnv`: one token per step, the illegal tokens
masked out of the policy. The reward is the game's result (+1 win, -1 loss, 0 draw) plus a
small shaping term read from the observation itself: the change of the VP marker in the AP's
favour (the AP wants it low), so a few minutes of CPU see a signal.

    pip install ".[rl]" torch matplotlib
    python3 examples/train_ppo.py --minutes 5 --out ppo_curve.png

It prints one line per update and writes a PNG: the mean episode return and the mean final VP
marker over the last episodes, against environment steps.
"""

from __future__ import annotations

import argparse
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
from torch import nn

from greatwar.env.single import SingleAgentEnv

TRACK_MAX = 40  # the VP feature is VP / 40 (docs/env.md, block `tracks`)


def vp_index(env: SingleAgentEnv) -> int:
    """Where the VP marker is in the observation (from the encoder's layout)."""
    at = 0
    for block in env.aec.encoder.blocks:
        for i, f in enumerate(block.features):
            if block.name == "tracks" and f.name == "vp":
                return at + i
        at += block.size
    raise KeyError("vp")


class Policy(nn.Module):
    def __init__(self, n_obs: int, n_act: int, hidden: int = 64) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_obs, hidden), nn.Tanh(), nn.Linear(hidden, hidden))
        self.pi = nn.Linear(hidden, n_act)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = torch.tanh(self.body(obs))
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--minutes", type=float, default=5.0)
    p.add_argument("--out", default="ppo_curve.png")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rollout", type=int, default=2048, help="steps per update")
    p.add_argument("--shaping", type=float, default=0.5, help="weight of the VP shaping")
    a = p.parse_args()

    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    env = SingleAgentEnv("pog", seat="ap", opponent="random", scenario="introductory")
    n_obs = env.observation_space["observation"].shape[0]
    n_act = int(env.action_space.n)
    vp_at = vp_index(env)
    net = Policy(n_obs, n_act)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    gamma, lam, clip = 0.995, 0.95, 0.2

    episode = a.seed
    obs, _ = env.reset(seed=episode)
    ep_return = 0.0
    finished: list[tuple[int, float, float]] = []  # (step, return, final VP)
    steps = 0
    start = time.time()
    updates = 0
    while time.time() - start < a.minutes * 60:
        buf_o, buf_m, buf_a, buf_logp, buf_v, buf_r, buf_d = [], [], [], [], [], [], []
        for _ in range(a.rollout):
            o = torch.as_tensor(obs["observation"])
            m = torch.as_tensor(obs["action_mask"].astype(bool))
            with torch.no_grad():
                logits, v = net(o[None], m[None])
                dist = torch.distributions.Categorical(logits=logits)
                act = dist.sample()
            vp_before = float(obs["observation"][vp_at])
            obs, reward, term, trunc, _ = env.step(int(act))
            # Potential-based shaping: the VP marker moving down is good for the AP.
            shaped = reward + a.shaping * TRACK_MAX * (vp_before - obs["observation"][vp_at])
            buf_o.append(o)
            buf_m.append(m)
            buf_a.append(act[0])
            buf_logp.append(dist.log_prob(act)[0])
            buf_v.append(v[0])
            buf_r.append(float(shaped))
            buf_d.append(term or trunc)
            ep_return += reward
            steps += 1
            if term or trunc:
                finished.append((steps, ep_return, TRACK_MAX * float(obs["observation"][vp_at])))
                episode += 1
                obs, _ = env.reset(seed=episode)
                ep_return = 0.0
        with torch.no_grad():
            o = torch.as_tensor(obs["observation"])[None]
            m = torch.as_tensor(obs["action_mask"].astype(bool))[None]
            last_v = float(net(o, m)[1][0])
        # Generalised advantage estimation.
        adv = np.zeros(len(buf_r), np.float32)
        gae = 0.0
        for t in reversed(range(len(buf_r))):
            nxt = last_v if t == len(buf_r) - 1 else float(buf_v[t + 1])
            nonterm = 0.0 if buf_d[t] else 1.0
            delta = buf_r[t] + gamma * nxt * nonterm - float(buf_v[t])
            gae = delta + gamma * lam * nonterm * gae
            adv[t] = gae
        o_t = torch.stack(buf_o)
        m_t = torch.stack(buf_m)
        a_t = torch.stack(buf_a)
        logp_t = torch.stack(buf_logp)
        adv_t = torch.as_tensor(adv)
        ret_t = adv_t + torch.stack(buf_v)
        adv_t = (adv_t - adv_t.mean()) / (adv_t.std() + 1e-8)
        for _ in range(4):
            for idx in torch.randperm(len(buf_r)).split(256):
                logits, v = net(o_t[idx], m_t[idx])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = torch.exp(dist.log_prob(a_t[idx]) - logp_t[idx])
                pg = -torch.min(
                    ratio * adv_t[idx], torch.clamp(ratio, 1 - clip, 1 + clip) * adv_t[idx]
                ).mean()
                loss = pg + 0.5 * ((v - ret_t[idx]) ** 2).mean() - 0.01 * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        updates += 1
        recent = finished[-20:]
        if recent:
            print(
                f"update {updates}: {steps} steps, {len(finished)} games, last 20: "
                f"return {np.mean([r for _, r, _ in recent]):+.2f}, "
                f"final VP {np.mean([v for _, _, v in recent]):.1f}",
                flush=True,
            )

    if not finished:
        raise SystemExit("no game finished: train longer")
    xs = np.array([s for s, _, _ in finished])
    window = max(1, min(50, len(finished) // 5))
    kernel = np.ones(window) / window
    ret = np.convolve([r for _, r, _ in finished], kernel, mode="valid")
    vps = np.convolve([v for _, _, v in finished], kernel, mode="valid")
    fig, (ax1, ax2) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    ax1.plot(xs[window - 1 :], ret)
    ax1.set_ylabel(f"episode return\n(mean of {window})")
    ax1.set_title("PPO, AP vs the random bot, Introductory scenario")
    ax1.axhline(0, color="grey", lw=0.5)
    ax2.plot(xs[window - 1 :], vps, color="tab:red")
    ax2.set_ylabel(f"final VP marker\n(mean of {window}; AP wants it low)")
    ax2.set_xlabel("environment steps (tokens)")
    fig.tight_layout()
    fig.savefig(a.out, dpi=90)
    print(f"{len(finished)} games, {steps} steps in {time.time() - start:.0f} s; wrote {a.out}")


if __name__ == "__main__":
    main()
