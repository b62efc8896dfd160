// Reading the plain dicts Python hands a native engine (its tables, a saved state): an item by
// name (KeyError naming it when missing) and its value cast to a C++ type (nanobind's casts).
#pragma once

#include <nanobind/nanobind.h>

namespace hydra_native {

inline nanobind::handle dict_item(nanobind::handle d, const char* name) {
    PyObject* v = PyDict_GetItemString(d.ptr(), name);
    if (!v) throw nanobind::key_error(name);
    return nanobind::handle(v);
}

template <typename T>
T dict_get(nanobind::handle d, const char* name) {
    return nanobind::cast<T>(dict_item(d, name));
}

}  // namespace hydra_native
