// The extension module hydra_env.games.hydras._native: the bindings of bindings_hydras.cpp.
#include <nanobind/nanobind.h>

namespace nb = nanobind;

namespace hydra {
void bind_hydras(nb::module_& m);  // bindings_hydras.cpp
}

NB_MODULE(_native, m) {
    m.doc() = "The native engine of Hydras (the card game): hydra_env.games.hydras.native.game.";
    hydra::bind_hydras(m);
}
