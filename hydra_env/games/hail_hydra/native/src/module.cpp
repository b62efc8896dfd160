// The extension module hydra_env.games.hail_hydra._native: the bindings of bindings.cpp.
#include <nanobind/nanobind.h>

namespace nb = nanobind;

void bind_hail_hydra(nb::module_& m);     // bindings.cpp
void bind_scripted_bots(nb::module_& m);  // bindings_bots.cpp

NB_MODULE(_native, m) {
    m.doc() = "The native engine of Hail Hydra: hydra_env.games.hail_hydra.native.game.";
    bind_hail_hydra(m);
    bind_scripted_bots(m);
}
