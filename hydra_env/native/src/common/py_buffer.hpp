// A writable C-contiguous numpy buffer seen through the buffer protocol (a few hundred ns;
// nanobind's ndarray import costs microseconds per call), shared by the bindings that write
// masks, observations and candidate features into a caller's arrays.
#pragma once

#include <nanobind/nanobind.h>

#include <cstring>
#include <string>

namespace hydra_native {

class PyBufferView {
  public:
    // `itemsize` bytes per item, the item format one of `formats` (struct codes such as "?bB"
    // or "f"); otherwise a TypeError "`what` must be `expected`".
    PyBufferView(nanobind::handle obj, size_t itemsize, const char* formats, const char* what,
                 const char* expected) {
        if (PyObject_GetBuffer(obj.ptr(), &view_, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
            PyErr_Clear();
            throw nanobind::type_error((std::string(what) + " must be a writable C-contiguous numpy array").c_str());
        }
        const char* f = view_.format ? view_.format : "B";
        if (*f == '<' || *f == '=' || *f == '@') ++f;
        bool ok = size_t(view_.itemsize) == itemsize && *f != '\0' && f[1] == '\0' && std::strchr(formats, *f);
        if (!ok) {
            PyBuffer_Release(&view_);
            throw nanobind::type_error((std::string(what) + " must be " + expected).c_str());
        }
    }
    ~PyBufferView() { PyBuffer_Release(&view_); }
    PyBufferView(const PyBufferView&) = delete;
    PyBufferView& operator=(const PyBufferView&) = delete;
    size_t size() const { return size_t(view_.len) / size_t(view_.itemsize); }
    template <typename T>
    T* data() const { return static_cast<T*>(view_.buf); }

  private:
    Py_buffer view_{};
};

// A caller's legal-mask buffer (bool, int8 or uint8: bytes) or observation buffer (float32).
struct MaskOrObservation : PyBufferView {
    MaskOrObservation(nanobind::handle obj, bool bytes, const char* what)
        : PyBufferView(obj, bytes ? 1 : 4, bytes ? "?bB" : "f", what,
                       bytes ? "a bool, int8 or uint8 array" : "a float32 array") {}
};

}  // namespace hydra_native
