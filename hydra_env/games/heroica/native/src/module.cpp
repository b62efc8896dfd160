// The extension module hydra_env.games.heroica._native: the bindings of bindings_heroica.cpp and
// bindings_greedy.cpp.
#include <nanobind/nanobind.h>

namespace nb = nanobind;

namespace heroica {
void bind_heroica(nb::module_& m);  // bindings_heroica.cpp
void bind_greedy(nb::module_& m);   // bindings_greedy.cpp
}

NB_MODULE(_native, m) {
    m.doc() = "The native engine of Heroica: Draida: hydra_env.games.heroica.native.game.";
    heroica::bind_heroica(m);
    heroica::bind_greedy(m);
}
