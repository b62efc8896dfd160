// The extension module hydra_env.games.hadara._native: the bindings of bindings_hadara.cpp and
// bindings_greedy.cpp.
#include <nanobind/nanobind.h>

namespace nb = nanobind;

namespace hadara {
void bind_hadara(nb::module_& m);  // bindings_hadara.cpp
void bind_greedy(nb::module_& m);  // bindings_greedy.cpp
}

NB_MODULE(_native, m) {
    m.doc() = "The native engine of Hadara (rules with reconstructed components): hydra_env.games.hadara.native.game.";
    hadara::bind_hadara(m);
    hadara::bind_greedy(m);
}
