/* The step controls every replay page shares (prepended to the game's script by its viewer):
   the buttons first / prev / next / last / play, the slider, and the keys (arrows, Home, End,
   space). show(k) draws decision k; at() is the one shown; last is the last decision; delay the
   milliseconds between decisions when playing. */
function replayStepper(show, at, last, delay) {
  const slider = document.getElementById("slider");
  let timer = null;
  function play() {
    if (timer) { clearInterval(timer); timer = null; return; }
    timer = setInterval(() => { if (at() >= last) { clearInterval(timer); timer = null; } else { show(at() + 1); } }, delay);
  }
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(at() - 1));
  document.getElementById("next").addEventListener("click", () => show(at() + 1));
  document.getElementById("last").addEventListener("click", () => show(last));
  document.getElementById("play").addEventListener("click", play);
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") { return; }
    if (e.key === "ArrowRight") { show(at() + 1); } else if (e.key === "ArrowLeft") { show(at() - 1); }
    else if (e.key === "Home") { show(0); } else if (e.key === "End") { show(last); }
    else if (e.key === " ") { e.preventDefault(); play(); } else { return; }
  });
}
