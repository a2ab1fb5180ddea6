from greatwar.core import rng


def test_same_seed_same_sequence():
    a = rng.seed_state(5)
    b = rng.seed_state(5)
    seq_a, seq_b = [], []
    for _ in range(100):
        a, x = rng.below(a, 6)
        b, y = rng.below(b, 6)
        seq_a.append(x)
        seq_b.append(y)
    assert seq_a == seq_b
    assert set(seq_a) == set(range(6))


def test_different_seeds_differ():
    assert rng.seed_state(1) != rng.seed_state(2)


def test_die_is_roughly_uniform():
    st = rng.seed_state(99)
    counts = [0] * 6
    for _ in range(60_000):
        st, r = rng.below(st, 6)
        counts[r] += 1
    assert all(9_000 < c < 11_000 for c in counts)


def test_shuffle_is_a_permutation_and_deterministic():
    items = list(range(50))
    st = rng.shuffle(rng.seed_state(3), items)
    again = list(range(50))
    st2 = rng.shuffle(rng.seed_state(3), again)
    assert items == again and st == st2
    assert sorted(items) == list(range(50)) and items != list(range(50))
