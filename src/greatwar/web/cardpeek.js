// The full face of a card of the hand, for every game: a card in the hand strip is drawn small
// (its text cut short); resting the mouse on it, or pressing it a moment on a touch screen, shows
// the whole face beside it, the text and every line of it. A long press does not also play the
// card: the click that ends it is swallowed. The face is a copy of the small one without its
// "compact" look, so each game's own card drawing serves (pog/panels.js, qmg1914/panels.js).

const SMALL = ".card.compact, .qcard.compact";
const HOVER_MS = 250;
const PRESS_MS = 450;

export function cardPeek(strip) {
  const peek = document.createElement("div");
  peek.className = "card-peek";
  peek.setAttribute("aria-hidden", "true");
  peek.dataset.testid = "card-peek";
  peek.hidden = true;
  document.body.append(peek);
  let timer = null;
  let shownFor = null;
  let pressed = false; // a long press showed the face: its click is not a play

  const hide = () => {
    clearTimeout(timer);
    timer = null;
    shownFor = null;
    peek.hidden = true;
    peek.replaceChildren();
  };
  const same = (card) => [...strip.querySelectorAll(SMALL)].find((c) => c.dataset.card === card.dataset.card);
  const show = (wanted) => {
    const card = wanted.isConnected ? wanted : same(wanted);
    if (!card) return;
    const face = card.cloneNode(true);
    face.classList.remove("compact", "playable", "usable");
    for (const a of ["title", "data-testid", "tabindex", "role"]) face.removeAttribute(a);
    peek.replaceChildren(face);
    peek.hidden = false;
    shownFor = card;
    // above the card (the hand is at the bottom), inside the window
    const r = card.getBoundingClientRect();
    const w = peek.offsetWidth;
    const h = peek.offsetHeight;
    const left = Math.min(Math.max(4, r.left + r.width / 2 - w / 2), window.innerWidth - w - 4);
    const top = r.top - h - 6 >= 4 ? r.top - h - 6 : Math.min(r.bottom + 6, window.innerHeight - h - 4);
    peek.style.left = `${Math.round(left)}px`;
    peek.style.top = `${Math.round(Math.max(4, top))}px`;
  };
  const cardAt = (ev) => (ev.target instanceof Element ? ev.target.closest(SMALL) : null);

  strip.addEventListener("pointerover", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const card = cardAt(ev);
    if (!card || card === shownFor) return;
    clearTimeout(timer);
    timer = setTimeout(() => show(card), shownFor ? 0 : HOVER_MS);
  });
  strip.addEventListener("pointerout", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const card = cardAt(ev);
    if (card && !card.contains(ev.relatedTarget)) hide();
  });
  // from the keyboard: the card in focus shows its face
  strip.addEventListener("focusin", (ev) => {
    const card = cardAt(ev);
    if (card && card.matches(":focus-visible")) show(card);
  });
  strip.addEventListener("focusout", (ev) => {
    if (cardAt(ev) === shownFor) hide();
  });
  strip.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse") return;
    const card = cardAt(ev);
    hide();
    pressed = false;
    if (!card) return;
    timer = setTimeout(() => {
      pressed = true;
      show(card);
    }, PRESS_MS);
  });
  const release = () => {
    if (!pressed) clearTimeout(timer);
  };
  strip.addEventListener("pointerup", release);
  strip.addEventListener("pointercancel", release);
  strip.addEventListener(
    "click",
    (ev) => {
      if (!pressed) {
        hide();
        return;
      }
      pressed = false;
      ev.preventDefault();
      ev.stopPropagation();
    },
    true,
  );
  strip.addEventListener("contextmenu", (ev) => {
    if (cardAt(ev)) ev.preventDefault(); // a long press shows the face, not the browser's menu
  });
  // a touch elsewhere, a scroll or a new hand put it away
  document.addEventListener("pointerdown", (ev) => {
    if (!strip.contains(ev.target)) hide();
  });
  strip.addEventListener("scroll", hide, true);
  // the hand drawn again (a new position): the face stays while its card is still in the hand
  new MutationObserver(() => {
    if (!shownFor || shownFor.isConnected) return;
    const again = same(shownFor);
    if (again) shownFor = again;
    else hide();
  }).observe(strip, { childList: true, subtree: true });
  return peek;
}
