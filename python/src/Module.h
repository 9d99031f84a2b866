//===- Module.h - Shared pieces of the trident._C extension -----*- C++ -*-===//
//
// The extension's error type and its FASTCALL argument helpers, used by
// each of its source files (TridentModule.cpp: builder, CPU kernels,
// plugins; Launch.cpp: GPU kernels and the launch dispatcher).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PYTHON_MODULE_H
#define TRIDENT_PYTHON_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "trident/Runtime/CpuRunner.h"

#include <array>
#include <string>
#include <vector>

namespace trident::python {

/// trident._C.Error (a RuntimeError).
extern PyObject *ErrorType;

/// Sets trident._C.Error with `message`; returns null.
inline PyObject *raise(const std::string &message) {
  // The whole message, by its length: a NUL byte in it (a path the user
  // gave) must not cut it short as a C string would.
  PyObject *text = PyUnicode_DecodeUTF8(
      message.data(), Py_ssize_t(message.size()), "replace");
  if (!text)
    return nullptr;
  PyErr_SetObject(ErrorType, text);
  Py_DECREF(text);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Argument helpers (FASTCALL: an array of borrowed references)
//===----------------------------------------------------------------------===//

struct Args {
  PyObject *const *args;
  Py_ssize_t n;
  const char *fn;
  bool ok = true;

  bool count(Py_ssize_t expected) {
    if (n != expected) {
      PyErr_Format(PyExc_TypeError, "%s() takes %d arguments (%d given)", fn,
                   int(expected), int(n));
      return false;
    }
    return true;
  }
  long long i(Py_ssize_t k) {
    long long v = PyLong_AsLongLong(args[k]);
    if (v == -1 && PyErr_Occurred())
      ok = false;
    return v;
  }
  double d(Py_ssize_t k) {
    double v = PyFloat_AsDouble(args[k]);
    if (v == -1.0 && PyErr_Occurred())
      ok = false;
    return v;
  }
  bool b(Py_ssize_t k) {
    int v = PyObject_IsTrue(args[k]);
    if (v < 0)
      ok = false;
    return v == 1;
  }
  std::string s(Py_ssize_t k) {
    Py_ssize_t size = 0;
    const char *data = PyUnicode_AsUTF8AndSize(args[k], &size);
    if (!data) {
      ok = false;
      return "";
    }
    return std::string(data, size);
  }
  template <typename T> std::vector<T> list(Py_ssize_t k) {
    std::vector<T> out;
    Py_ssize_t size = PySequence_Size(args[k]);
    if (size < 0) {
      ok = false;
      return out;
    }
    for (Py_ssize_t j = 0; j < size; ++j) {
      PyObject *item = PySequence_GetItem(args[k], j);
      if (!item) {
        ok = false;
        return out;
      }
      long long v = PyLong_AsLongLong(item);
      Py_DECREF(item);
      if (v == -1 && PyErr_Occurred()) {
        ok = false;
        return out;
      }
      out.push_back(T(v));
    }
    return out;
  }
  /// A sequence of (str, str) pairs: attributes by name, in MLIR's syntax.
  std::vector<std::pair<std::string, std::string>> strPairs(Py_ssize_t k) {
    std::vector<std::pair<std::string, std::string>> out;
    Py_ssize_t size = PySequence_Size(args[k]);
    if (size < 0) {
      ok = false;
      return out;
    }
    for (Py_ssize_t j = 0; j < size && ok; ++j) {
      PyObject *item = PySequence_GetItem(args[k], j);
      if (!item) {
        ok = false;
        break;
      }
      PyObject *name = nullptr, *value = nullptr;
      if (PyTuple_Check(item) && PyTuple_Size(item) == 2) {
        name = PyTuple_GetItem(item, 0);
        value = PyTuple_GetItem(item, 1);
      }
      Py_ssize_t nn = 0, vn = 0;
      const char *n = name ? PyUnicode_AsUTF8AndSize(name, &nn) : nullptr;
      const char *v = value ? PyUnicode_AsUTF8AndSize(value, &vn) : nullptr;
      if (!n || !v) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "%s(): argument %d must be a sequence of (str, str) "
                     "pairs",
                     fn, int(k + 1));
        ok = false;
      } else {
        out.emplace_back(std::string(n, nn), std::string(v, vn));
      }
      Py_DECREF(item);
    }
    return out;
  }
};

/// Sets the error a failed launch raises (trident.KernelError once the
/// package has registered it); returns null.
PyObject *raiseKernelError(const std::string &message);

/// Whether `o` is a trident._C.CpuKernel.
bool isCpuKernel(PyObject *o);
/// How many parameters CpuKernel `kernel` takes (descriptors expanded).
size_t cpuKernelArity(PyObject *kernel);
/// Runs CpuKernel `kernel` over `grid` with `params` (one pointer per
/// argument, to its value); false with a Python error on failure.
/// `buffers`: what a kernel compiled with bounds checks may access.
bool runCpuKernel(PyObject *kernel, void **params,
                  std::array<unsigned, 3> grid, int threads,
                  llvm::ArrayRef<trident::cpu::BufferExtent> buffers = {});
/// Whether CpuKernel `kernel` was compiled with bounds checks.
bool cpuKernelBoundsChecked(PyObject *kernel);

/// Adds the GPU kernel and dispatcher types to the module (Launch.cpp).
int addLaunchTypes(PyObject *module);
/// The module functions of Launch.cpp, appended to the module's table.
extern PyMethodDef launchMethods[];

} // namespace trident::python

#endif // TRIDENT_PYTHON_MODULE_H
