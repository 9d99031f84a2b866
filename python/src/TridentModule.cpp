//===- TridentModule.cpp - The trident._C extension ------------------------===//
//
// A CPython extension on the limited API (Py_LIMITED_API = 3.11), so one
// build serves CPython 3.11 and 3.12: the file is `_C.abi3.so`. It exposes
//  - Builder: trident::frontend::KernelBuilder, one method per builder call,
//    handles passed as Python ints;
//  - CpuKernel: a kernel JIT-loaded from a compile result, launched over a
//    grid with its arguments packed here (no ctypes on the launch path);
//  - plugin functions: load_plugin, plugins, dsl_ops, pipeline_names.
// Errors come back as trident._C.Error with the core's message.
//
//===----------------------------------------------------------------------===//
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "trident/Compiler/Compiler.h"
#include "trident/Frontend/KernelBuilder.h"
#include "trident/Plugin/PluginManager.h"
#include "trident/Runtime/CpuRunner.h"
#include "trident/Config.h"

#include "Module.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <string>
#include <vector>

using trident::frontend::CompileOptions;
using trident::frontend::CompileResult;
using trident::frontend::KernelBuilder;
using namespace trident::python;

PyObject *trident::python::ErrorType = nullptr;

namespace {

PyObject *intList(const std::vector<int> &values) {
  PyObject *list = PyList_New(Py_ssize_t(values.size()));
  if (!list)
    return nullptr;
  for (size_t j = 0; j < values.size(); ++j)
    PyList_SetItem(list, Py_ssize_t(j), PyLong_FromLong(values[j]));
  return list;
}

PyObject *bytesOrStr(const std::string &data, bool binary) {
  if (binary)
    return PyBytes_FromStringAndSize(data.data(), Py_ssize_t(data.size()));
  return PyUnicode_FromStringAndSize(data.data(), Py_ssize_t(data.size()));
}

//===----------------------------------------------------------------------===//
// Builder
//===----------------------------------------------------------------------===//

struct BuilderObject {
  PyObject_HEAD
  KernelBuilder *builder;
};

KernelBuilder &kb(PyObject *self) {
  return *reinterpret_cast<BuilderObject *>(self)->builder;
}

PyObject *handleOrRaise(PyObject *self, int h) {
  if (h < 0)
    return raise(kb(self).lastError());
  return PyLong_FromLong(h);
}

PyObject *boolOrRaise(PyObject *self, bool ok) {
  if (!ok)
    return raise(kb(self).lastError());
  Py_RETURN_NONE;
}

PyObject *Builder_new(PyTypeObject *type, PyObject *, PyObject *) {
  auto alloc = reinterpret_cast<allocfunc>(PyType_GetSlot(type, Py_tp_alloc));
  PyObject *self = alloc(type, 0);
  if (!self)
    return nullptr;
  reinterpret_cast<BuilderObject *>(self)->builder = new KernelBuilder();
  return self;
}

void Builder_dealloc(PyObject *self) {
  delete reinterpret_cast<BuilderObject *>(self)->builder;
  PyTypeObject *type = Py_TYPE(self);
  auto freefn = reinterpret_cast<freefunc>(PyType_GetSlot(type, Py_tp_free));
  freefn(self);
  Py_DECREF(type);
}

// Methods are defined by these macros: NAME(self, a) with `a` an Args.
#define BUILDER_METHOD(name)                                                   \
  PyObject *B_##name(PyObject *self, PyObject *const *argv, Py_ssize_t argc) { \
    Args a{argv, argc, #name};                                                 \
    KernelBuilder &B = kb(self);                                               \
    (void)B;
#define END_METHOD }
#define CHECK(n)                                                               \
  if (!a.count(n))                                                             \
    return nullptr;
#define RETURN_HANDLE(expr)                                                    \
  {                                                                            \
    int h_ = (expr);                                                           \
    if (!a.ok)                                                                 \
      return nullptr;                                                          \
    return handleOrRaise(self, h_);                                            \
  }

BUILDER_METHOD(set_loc)
  CHECK(3);
  std::string file = a.s(0);
  long long line = a.i(1), col = a.i(2);
  if (!a.ok)
    return nullptr;
  B.setLocation(file, unsigned(line), unsigned(col));
  Py_RETURN_NONE;
END_METHOD

BUILDER_METHOD(int_type) CHECK(1); RETURN_HANDLE(B.intType(unsigned(a.i(0)))); END_METHOD
BUILDER_METHOD(float_type) CHECK(1); RETURN_HANDLE(B.floatType(a.s(0))); END_METHOD
BUILDER_METHOD(ptr_type) CHECK(2); RETURN_HANDLE(B.pointerType(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(tensor_type)
  CHECK(2);
  std::vector<int64_t> shape = a.list<int64_t>(0);
  RETURN_HANDLE(B.tensorType(shape, int(a.i(1))));
END_METHOD
BUILDER_METHOD(desc_type) CHECK(1); RETURN_HANDLE(B.tensorDescType(int(a.i(0)))); END_METHOD
BUILDER_METHOD(block_ptr_type) CHECK(2); RETURN_HANDLE(B.blockPointerType(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(value_type) CHECK(1); RETURN_HANDLE(B.valueType(int(a.i(0)))); END_METHOD
BUILDER_METHOD(type_str)
  CHECK(1);
  std::string s = B.typeString(int(a.i(0)));
  if (!a.ok)
    return nullptr;
  return PyUnicode_FromString(s.c_str());
END_METHOD

BUILDER_METHOD(function)
  CHECK(4);
  std::string name = a.s(0);
  std::vector<int> args = a.list<int>(1), results = a.list<int>(2);
  RETURN_HANDLE(B.createFunction(name, args, results, a.b(3)));
END_METHOD
BUILDER_METHOD(set_arg_attr)
  CHECK(4);
  int fn = int(a.i(0));
  unsigned idx = unsigned(a.i(1));
  std::string name = a.s(2);
  long long v = a.i(3);
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.setArgumentAttr(fn, idx, name, v));
END_METHOD
BUILDER_METHOD(set_func_attr)
  CHECK(3);
  int fn = int(a.i(0));
  std::string name = a.s(1);
  long long v = a.i(2);
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.setFunctionAttr(fn, name, v));
END_METHOD
BUILDER_METHOD(block)
  CHECK(3);
  RETURN_HANDLE(B.block(int(a.i(0)), unsigned(a.i(1)), unsigned(a.i(2))));
END_METHOD
BUILDER_METHOD(block_arg) CHECK(2); RETURN_HANDLE(B.blockArgument(int(a.i(0)), unsigned(a.i(1)))); END_METHOD
BUILDER_METHOD(num_block_args) CHECK(1); RETURN_HANDLE(B.numBlockArguments(int(a.i(0)))); END_METHOD
BUILDER_METHOD(set_insert_end)
  CHECK(1);
  int blk = int(a.i(0));
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.setInsertionPointToEnd(blk));
END_METHOD
BUILDER_METHOD(save_ip) CHECK(0); RETURN_HANDLE(B.saveInsertionPoint()); END_METHOD
BUILDER_METHOD(restore_ip)
  CHECK(1);
  int ip = int(a.i(0));
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.restoreInsertionPoint(ip));
END_METHOD
BUILDER_METHOD(result) CHECK(2); RETURN_HANDLE(B.opResult(int(a.i(0)), unsigned(a.i(1)))); END_METHOD
BUILDER_METHOD(num_results) CHECK(1); RETURN_HANDLE(B.numResults(int(a.i(0)))); END_METHOD
BUILDER_METHOD(erase)
  CHECK(1);
  int o = int(a.i(0));
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.eraseOp(o));
END_METHOD

// op(name, operands, result_types) -> the op's first result (or the op
// handle when it has none: use op_handle for multi-result ops).
BUILDER_METHOD(op)
  CHECK(3);
  std::string name = a.s(0);
  std::vector<int> ops = a.list<int>(1), ts = a.list<int>(2);
  if (!a.ok)
    return nullptr;
  int o = B.createOp(name, ops, ts);
  if (o < 0)
    return raise(B.lastError());
  if (ts.empty())
    return PyLong_FromLong(o);
  return handleOrRaise(self, B.opResult(o, 0));
END_METHOD
BUILDER_METHOD(opn)
  CHECK(3);
  std::string name = a.s(0);
  std::vector<int> ops = a.list<int>(1), ts = a.list<int>(2);
  if (!a.ok)
    return nullptr;
  int o = B.createOp(name, ops, ts);
  if (o < 0)
    return raise(B.lastError());
  std::vector<int> rs;
  for (size_t k = 0; k < ts.size(); ++k)
    rs.push_back(B.opResult(o, unsigned(k)));
  return intList(rs);
END_METHOD
BUILDER_METHOD(mark)
  CHECK(2);
  int v = int(a.i(0));
  std::string name = a.s(1);
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.markOp(v, name));
END_METHOD
BUILDER_METHOD(set_hint)
  CHECK(3);
  int v = int(a.i(0));
  std::string name = a.s(1);
  std::vector<int32_t> vals = a.list<int32_t>(2);
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.setHint(v, name, vals));
END_METHOD
BUILDER_METHOD(const_int) CHECK(2); RETURN_HANDLE(B.opResult(B.constantInt(int(a.i(0)), a.i(1)), 0)); END_METHOD
BUILDER_METHOD(const_float) CHECK(2); RETURN_HANDLE(B.opResult(B.constantFloat(int(a.i(0)), a.d(1)), 0)); END_METHOD
BUILDER_METHOD(cmp)
  CHECK(4);
  bool isFloat = a.b(0);
  std::string pred = a.s(1);
  int l = int(a.i(2)), r = int(a.i(3));
  if (!a.ok)
    return nullptr;
  int o = B.compare(isFloat, pred, l, r);
  if (o < 0)
    return raise(B.lastError());
  return handleOrRaise(self, B.opResult(o, 0));
END_METHOD

// Tile IR ops with one result: return the result handle.
#define ONE_RESULT(expr)                                                       \
  {                                                                            \
    int o_ = (expr);                                                           \
    if (!a.ok)                                                                 \
      return nullptr;                                                          \
    if (o_ < 0)                                                                \
      return raise(B.lastError());                                             \
    return handleOrRaise(self, B.opResult(o_, 0));                             \
  }

BUILDER_METHOD(program_id) CHECK(1); ONE_RESULT(B.programId(int(a.i(0)))); END_METHOD
BUILDER_METHOD(num_programs) CHECK(1); ONE_RESULT(B.numPrograms(int(a.i(0)))); END_METHOD
BUILDER_METHOD(make_range) CHECK(2); ONE_RESULT(B.makeRange(int32_t(a.i(0)), int32_t(a.i(1)))); END_METHOD
BUILDER_METHOD(splat) CHECK(2); ONE_RESULT(B.splat(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(broadcast) CHECK(2); ONE_RESULT(B.broadcast(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(expand_dims) CHECK(2); ONE_RESULT(B.expandDims(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(reshape) CHECK(3); ONE_RESULT(B.reshape(int(a.i(0)), int(a.i(1)), a.b(2))); END_METHOD
BUILDER_METHOD(trans)
  CHECK(2);
  std::vector<int32_t> order = a.list<int32_t>(1);
  ONE_RESULT(B.trans(int(a.i(0)), order));
END_METHOD
BUILDER_METHOD(join) CHECK(2); ONE_RESULT(B.join(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(split)
  CHECK(1);
  int o = B.split(int(a.i(0)));
  if (!a.ok)
    return nullptr;
  if (o < 0)
    return raise(B.lastError());
  return intList({B.opResult(o, 0), B.opResult(o, 1)});
END_METHOD
BUILDER_METHOD(addptr) CHECK(2); ONE_RESULT(B.addPtr(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(int_to_ptr) CHECK(2); ONE_RESULT(B.intToPtr(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(ptr_to_int) CHECK(2); ONE_RESULT(B.ptrToInt(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(bitcast) CHECK(2); ONE_RESULT(B.bitcast(int(a.i(0)), int(a.i(1)))); END_METHOD
BUILDER_METHOD(load)
  CHECK(6);
  std::string cache = a.s(3), evict = a.s(4);
  ONE_RESULT(B.load(int(a.i(0)), int(a.i(1)), int(a.i(2)), cache, evict, a.b(5)));
END_METHOD
BUILDER_METHOD(store)
  CHECK(5);
  std::string cache = a.s(3), evict = a.s(4);
  RETURN_HANDLE(B.store(int(a.i(0)), int(a.i(1)), int(a.i(2)), cache, evict));
END_METHOD
BUILDER_METHOD(atomic_rmw)
  CHECK(6);
  std::string kind = a.s(0), sem = a.s(4), scope = a.s(5);
  ONE_RESULT(B.atomicRMW(kind, int(a.i(1)), int(a.i(2)), int(a.i(3)), sem, scope));
END_METHOD
BUILDER_METHOD(atomic_cas)
  CHECK(5);
  std::string sem = a.s(3), scope = a.s(4);
  ONE_RESULT(B.atomicCAS(int(a.i(0)), int(a.i(1)), int(a.i(2)), sem, scope));
END_METHOD
BUILDER_METHOD(dot)
  CHECK(5);
  std::string precision = a.s(3);
  ONE_RESULT(B.dot(int(a.i(0)), int(a.i(1)), int(a.i(2)), precision, int(a.i(4))));
END_METHOD
BUILDER_METHOD(reduce)
  CHECK(2);
  std::vector<int> srcs = a.list<int>(0);
  RETURN_HANDLE(B.reduce(srcs, int(a.i(1))));
END_METHOD
BUILDER_METHOD(scan)
  CHECK(3);
  std::vector<int> srcs = a.list<int>(0);
  RETURN_HANDLE(B.scan(srcs, int(a.i(1)), a.b(2)));
END_METHOD
BUILDER_METHOD(warp_specialize)
  CHECK(4);
  std::vector<int> captures = a.list<int>(0), warps = a.list<int>(1),
                   regs = a.list<int>(2);
  RETURN_HANDLE(B.warpSpecialize(captures, warps, regs, int(a.i(3))));
END_METHOD
BUILDER_METHOD(warp_partitions) CHECK(1); RETURN_HANDLE(B.warpPartitions(int(a.i(0)))); END_METHOD
BUILDER_METHOD(warp_yield) CHECK(0); RETURN_HANDLE(B.warpYield()); END_METHOD
BUILDER_METHOD(reduce_return)
  CHECK(1);
  std::vector<int> vs = a.list<int>(0);
  RETURN_HANDLE(B.reduceReturn(vs));
END_METHOD
BUILDER_METHOD(scan_return)
  CHECK(1);
  std::vector<int> vs = a.list<int>(0);
  RETURN_HANDLE(B.scanReturn(vs));
END_METHOD
// map_elementwise(args, pack) -> the op (no results until
// finalize_map_elementwise).
BUILDER_METHOD(map_elementwise)
  CHECK(2);
  std::vector<int> vs = a.list<int>(0);
  RETURN_HANDLE(B.mapElementwise(vs, int(a.i(1))));
END_METHOD
BUILDER_METHOD(map_elementwise_return)
  CHECK(1);
  std::vector<int> vs = a.list<int>(0);
  RETURN_HANDLE(B.mapElementwiseReturn(vs));
END_METHOD
BUILDER_METHOD(finalize_map_elementwise)
  CHECK(1);
  RETURN_HANDLE(B.finalizeMapElementwise(int(a.i(0))));
END_METHOD
BUILDER_METHOD(make_tensor_desc)
  CHECK(4);
  std::vector<int> shape = a.list<int>(1), strides = a.list<int>(2);
  ONE_RESULT(B.makeTensorDescriptor(int(a.i(0)), shape, strides, int(a.i(3))));
END_METHOD
BUILDER_METHOD(desc_load)
  CHECK(2);
  std::vector<int> idx = a.list<int>(1);
  ONE_RESULT(B.descriptorLoad(int(a.i(0)), idx));
END_METHOD
BUILDER_METHOD(desc_store)
  CHECK(3);
  std::vector<int> idx = a.list<int>(2);
  RETURN_HANDLE(B.descriptorStore(int(a.i(0)), int(a.i(1)), idx));
END_METHOD
// make_block_ptr(base, shape, strides, offsets, order, block_type) -> the
// block pointer's value handle (block_type: the tile type of a block).
BUILDER_METHOD(make_block_ptr)
  CHECK(6);
  std::vector<int> shape = a.list<int>(1), strides = a.list<int>(2),
                   offsets = a.list<int>(3);
  std::vector<int32_t> order = a.list<int32_t>(4);
  ONE_RESULT(B.makeBlockPointer(int(a.i(0)), shape, strides, offsets, order,
                                int(a.i(5))));
END_METHOD
BUILDER_METHOD(advance)
  CHECK(2);
  std::vector<int> offsets = a.list<int>(1);
  ONE_RESULT(B.advance(int(a.i(0)), offsets));
END_METHOD
// block_load(ptr, boundary_check, padding, cache, evict, volatile)
BUILDER_METHOD(block_load)
  CHECK(6);
  std::vector<int32_t> check = a.list<int32_t>(1);
  std::string padding = a.s(2), cache = a.s(3), evict = a.s(4);
  ONE_RESULT(B.blockLoad(int(a.i(0)), check, padding, cache, evict, a.b(5)));
END_METHOD
// block_store(ptr, value, boundary_check, cache, evict)
BUILDER_METHOD(block_store)
  CHECK(5);
  std::vector<int32_t> check = a.list<int32_t>(2);
  std::string cache = a.s(3), evict = a.s(4);
  RETURN_HANDLE(B.blockStore(int(a.i(0)), int(a.i(1)), check, cache, evict));
END_METHOD
BUILDER_METHOD(assume) CHECK(1); RETURN_HANDLE(B.assume(int(a.i(0)))); END_METHOD
BUILDER_METHOD(print)
  CHECK(4);
  std::string prefix = a.s(0);
  std::vector<int> vs = a.list<int>(2);
  std::vector<int32_t> signs = a.list<int32_t>(3);
  RETURN_HANDLE(B.print(prefix, a.b(1), vs, signs));
END_METHOD
BUILDER_METHOD(assert_)
  CHECK(2);
  std::string msg = a.s(1);
  RETURN_HANDLE(B.assertOp(int(a.i(0)), msg));
END_METHOD

BUILDER_METHOD(for_)
  CHECK(4);
  std::vector<int> inits = a.list<int>(3);
  RETURN_HANDLE(B.createFor(int(a.i(0)), int(a.i(1)), int(a.i(2)), inits));
END_METHOD
BUILDER_METHOD(if_)
  CHECK(3);
  std::vector<int> ts = a.list<int>(1);
  RETURN_HANDLE(B.createIf(int(a.i(0)), ts, a.b(2)));
END_METHOD
BUILDER_METHOD(while_)
  CHECK(2);
  std::vector<int> inits = a.list<int>(0), ts = a.list<int>(1);
  RETURN_HANDLE(B.createWhile(inits, ts));
END_METHOD
BUILDER_METHOD(condition)
  CHECK(2);
  std::vector<int> vs = a.list<int>(1);
  RETURN_HANDLE(B.createCondition(int(a.i(0)), vs));
END_METHOD
BUILDER_METHOD(finalize_if)
  CHECK(3);
  std::vector<int> t = a.list<int>(1), e = a.list<int>(2);
  RETURN_HANDLE(B.finalizeIf(int(a.i(0)), t, e));
END_METHOD
BUILDER_METHOD(set_func_results)
  CHECK(2);
  int fn = int(a.i(0));
  std::vector<int> ts = a.list<int>(1);
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.setFunctionResults(fn, ts));
END_METHOD
BUILDER_METHOD(yield_)
  CHECK(1);
  std::vector<int> vs = a.list<int>(0);
  RETURN_HANDLE(B.yield(vs));
END_METHOD
BUILDER_METHOD(ret)
  CHECK(1);
  std::vector<int> vs = a.list<int>(0);
  RETURN_HANDLE(B.createReturn(vs));
END_METHOD
BUILDER_METHOD(call)
  CHECK(3);
  std::string callee = a.s(0);
  std::vector<int> args = a.list<int>(1), ts = a.list<int>(2);
  RETURN_HANDLE(B.call(callee, args, ts));
END_METHOD
// dsl_op(name, operands, attrs, num_results) -> result value handles;
// attrs: (name, MLIR attribute text) pairs.
BUILDER_METHOD(dsl_op)
  CHECK(4);
  std::string name = a.s(0);
  std::vector<int> ops = a.list<int>(1);
  auto attrs = a.strPairs(2);
  unsigned n = unsigned(a.i(3));
  if (!a.ok)
    return nullptr;
  std::vector<int> results;
  if (!B.dslOp(name, ops, attrs, n, results))
    return raise(B.lastError());
  return intList(results);
END_METHOD

// generic_op(name, operands, result_types, attrs, num_regions) -> the op's
// handle: any registered op, attributes as (name, MLIR text) pairs.
BUILDER_METHOD(generic_op)
  CHECK(5);
  std::string name = a.s(0);
  std::vector<int> ops = a.list<int>(1), ts = a.list<int>(2);
  auto attrs = a.strPairs(3);
  unsigned regions = unsigned(a.i(4));
  RETURN_HANDLE(B.createGenericOp(name, ops, ts, attrs, regions));
END_METHOD
BUILDER_METHOD(append_block)
  CHECK(3);
  int o = int(a.i(0));
  unsigned region = unsigned(a.i(1));
  std::vector<int> ts = a.list<int>(2);
  RETURN_HANDLE(B.appendBlock(o, region, ts));
END_METHOD
BUILDER_METHOD(verify_op)
  CHECK(1);
  int o = int(a.i(0));
  if (!a.ok)
    return nullptr;
  return boolOrRaise(self, B.verifyOp(o));
END_METHOD
BUILDER_METHOD(parse_type)
  CHECK(1);
  std::string text = a.s(0);
  RETURN_HANDLE(B.parseType(text));
END_METHOD

// extern_elementwise(symbol, libpath, args, result_type, is_pure) -> the
// result's value handle.
BUILDER_METHOD(extern_elementwise)
  CHECK(5);
  std::string symbol = a.s(0), libpath = a.s(1);
  std::vector<int> args = a.list<int>(2);
  long long type = a.i(3);
  bool isPure = a.b(4);
  if (!a.ok)
    return nullptr;
  return handleOrRaise(self, B.externElementwise(symbol, libpath, args,
                                                 int(type), isPure));
END_METHOD

// inline_asm(asm, constraints, args, result_types, is_pure, pack) -> the
// result value handles.
BUILDER_METHOD(inline_asm)
  CHECK(6);
  std::string asmString = a.s(0), constraints = a.s(1);
  std::vector<int> args = a.list<int>(2), types = a.list<int>(3);
  bool isPure = a.b(4);
  long long pack = a.i(5);
  if (!a.ok)
    return nullptr;
  std::vector<int> results;
  if (!B.inlineAsm(asmString, constraints, args, types, isPure, int(pack),
                   results))
    return raise(B.lastError());
  return intList(results);
END_METHOD

BUILDER_METHOD(verify)
  CHECK(0);
  return boolOrRaise(self, B.verify());
END_METHOD
BUILDER_METHOD(module_str)
  CHECK(1);
  bool locs = a.b(0);
  if (!a.ok)
    return nullptr;
  std::string s = B.moduleText(locs);
  return PyUnicode_FromStringAndSize(s.data(), Py_ssize_t(s.size()));
END_METHOD

PyObject *makeArtifact(std::unique_ptr<trident::Artifact> artifact);

// compile(target, pipeline, until_stage, num_warps, num_stages, num_ctas,
//         bounds_check, barrier_timeout_ms, cluster_x, cluster_y, cluster_z,
//         maxnreg, fp_fusion, reflect_ftz)
//   -> (stages: list of (stage, format, data), pipeline text, fingerprint,
//       metadata json text, artifact or None)
BUILDER_METHOD(compile)
  CHECK(14);
  std::string target = a.s(0), pipeline = a.s(1), until = a.s(2);
  CompileOptions options;
  options.numWarps = int(a.i(3));
  options.numStages = int(a.i(4));
  options.numCtas = int(a.i(5));
  options.cpuBoundsCheck = a.i(6) != 0;
  options.barrierTimeoutMs = a.i(7);
  for (int d = 0; d < 3; ++d)
    options.clusterDims[d] = int(a.i(8 + d));
  options.maxNumRegs = int(a.i(11));
  options.fpFusion = a.b(12);
  options.reflectFtz = a.b(13);
  if (!a.ok)
    return nullptr;
  std::unique_ptr<CompileResult> r;
  Py_BEGIN_ALLOW_THREADS
  r = B.compile(target, pipeline, until, options);
  Py_END_ALLOW_THREADS
  if (!r)
    return raise(B.lastError());
  PyObject *stages = PyList_New(0);
  if (!stages)
    return nullptr;
  for (const auto &s : r->stages) {
    PyObject *item = Py_BuildValue("(ssN)", s.stage.c_str(), s.format.c_str(),
                                   bytesOrStr(s.data, s.binary));
    if (!item || PyList_Append(stages, item) < 0) {
      Py_XDECREF(item);
      Py_DECREF(stages);
      return nullptr;
    }
    Py_DECREF(item);
  }
  std::string metadata = "{}";
  if (r->artifact) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << llvm::json::Value(llvm::json::Object(r->artifact->metadata));
    metadata = s;
  }
  PyObject *artifact = r->artifact ? makeArtifact(std::move(r->artifact))
                                   : (Py_INCREF(Py_None), Py_None);
  return Py_BuildValue("(NsssN)", stages, r->pipeline.c_str(),
                       r->fingerprint.c_str(), metadata.c_str(), artifact);
END_METHOD

#define M(name)                                                                \
  {#name, reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(B_##name)), \
   METH_FASTCALL, nullptr}
PyMethodDef builderMethods[] = {
    M(set_loc), M(int_type), M(float_type), M(ptr_type), M(tensor_type),
    M(desc_type), M(value_type), M(type_str), M(function), M(set_arg_attr),
    M(set_func_attr), M(block), M(block_arg), M(num_block_args),
    M(set_insert_end), M(save_ip), M(restore_ip), M(result), M(num_results),
    M(erase), M(op), M(opn), M(mark), M(set_hint), M(const_int), M(const_float), M(cmp), M(program_id),
    M(num_programs), M(make_range), M(splat), M(broadcast), M(expand_dims),
    M(reshape), M(trans), M(join), M(split), M(addptr), M(int_to_ptr),
    M(ptr_to_int), M(bitcast), M(load), M(store), M(atomic_rmw),
    M(atomic_cas), M(dot), M(reduce), M(scan), M(reduce_return),
    M(warp_specialize), M(warp_partitions), M(warp_yield),
    M(scan_return), M(map_elementwise), M(map_elementwise_return),
    M(finalize_map_elementwise), M(make_tensor_desc), M(desc_load), M(desc_store),
    M(block_ptr_type), M(make_block_ptr), M(advance), M(block_load),
    M(block_store),
    M(assume), M(print), M(assert_), M(for_), M(if_), M(while_),
    M(condition), M(finalize_if), M(set_func_results), M(yield_), M(ret), M(call), M(dsl_op), M(generic_op), M(append_block), M(verify_op), M(parse_type), M(inline_asm),
    M(extern_elementwise), M(verify),
    M(module_str), M(compile), {nullptr, nullptr, 0, nullptr}};

PyType_Slot builderSlots[] = {
    {Py_tp_new, reinterpret_cast<void *>(Builder_new)},
    {Py_tp_dealloc, reinterpret_cast<void *>(Builder_dealloc)},
    {Py_tp_methods, builderMethods},
    {Py_tp_doc, const_cast<char *>("Builds one Tile IR module op by op.")},
    {0, nullptr}};

PyType_Spec builderSpec = {"trident._C.Builder", sizeof(BuilderObject), 0,
                           Py_TPFLAGS_DEFAULT, builderSlots};

//===----------------------------------------------------------------------===//
// Artifact and CpuKernel
//===----------------------------------------------------------------------===//

PyTypeObject *ArtifactType = nullptr;

struct ArtifactObject {
  PyObject_HEAD
  trident::Artifact *artifact;
};

void Artifact_dealloc(PyObject *self) {
  delete reinterpret_cast<ArtifactObject *>(self)->artifact;
  PyTypeObject *type = Py_TYPE(self);
  auto freefn = reinterpret_cast<freefunc>(PyType_GetSlot(type, Py_tp_free));
  freefn(self);
  Py_DECREF(type);
}

PyType_Slot artifactSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(Artifact_dealloc)},
    {Py_tp_doc, const_cast<char *>("A compiled artifact (opaque).")},
    {0, nullptr}};
PyType_Spec artifactSpec = {"trident._C.Artifact", sizeof(ArtifactObject), 0,
                            Py_TPFLAGS_DEFAULT, artifactSlots};

PyObject *makeArtifact(std::unique_ptr<trident::Artifact> artifact) {
  auto alloc =
      reinterpret_cast<allocfunc>(PyType_GetSlot(ArtifactType, Py_tp_alloc));
  PyObject *self = alloc(ArtifactType, 0);
  if (!self)
    return nullptr;
  reinterpret_cast<ArtifactObject *>(self)->artifact = artifact.release();
  return self;
}

struct CpuKernelObject {
  PyObject_HEAD
  trident::cpu::CpuKernel *kernel;
};

PyTypeObject *CpuKernelType = nullptr;

void CpuKernel_dealloc(PyObject *self) {
  delete reinterpret_cast<CpuKernelObject *>(self)->kernel;
  PyTypeObject *type = Py_TYPE(self);
  auto freefn = reinterpret_cast<freefunc>(PyType_GetSlot(type, Py_tp_free));
  freefn(self);
  Py_DECREF(type);
}

// launch(spec, args, gx, gy, gz, threads): `spec` has one letter per
} // namespace

bool trident::python::isCpuKernel(PyObject *o) {
  return CpuKernelType && PyObject_TypeCheck(o, CpuKernelType);
}

size_t trident::python::cpuKernelArity(PyObject *self) {
  return reinterpret_cast<CpuKernelObject *>(self)->kernel->info().args.size();
}

bool trident::python::cpuKernelBoundsChecked(PyObject *self) {
  return reinterpret_cast<CpuKernelObject *>(self)
      ->kernel->info()
      .boundsChecked;
}

bool trident::python::runCpuKernel(
    PyObject *self, void **params, std::array<unsigned, 3> grid, int threads,
    llvm::ArrayRef<trident::cpu::BufferExtent> buffers) {
  trident::cpu::LaunchOptions options;
  options.numThreads = unsigned(threads < 0 ? 0 : threads);
  options.buffers.assign(buffers.begin(), buffers.end());
  auto *kernel = reinterpret_cast<CpuKernelObject *>(self)->kernel;
  llvm::ArrayRef<void *> args(params, kernel->info().args.size());
  llvm::Error err = llvm::Error::success();
  Py_BEGIN_ALLOW_THREADS
  err = kernel->launch(args, grid, options);
  Py_END_ALLOW_THREADS
  if (err) {
    // Ctrl-C: Python's SIGINT handler runs now (KeyboardInterrupt, or what
    // the program's own handler raises); if it raises nothing (another
    // thread than the main one, a handler that only records), the launch
    // still did not complete.
    bool interrupted = err.isA<trident::cpu::LaunchInterrupted>();
    std::string message = llvm::toString(std::move(err));
    if (interrupted && PyErr_CheckSignals() < 0)
      return false;
    raiseKernelError(message);
    return false;
  }
  return true;
}

namespace {

// argument: 'p' pointer (an int address), 'b' i1, 'c' i8, 'h' i16, 'i' i32,
// 'l' i64, 'f' f32, 'd' f64.
PyObject *CpuKernel_launch(PyObject *self, PyObject *const *argv,
                           Py_ssize_t argc) {
  Args a{argv, argc, "launch"};
  if (!a.count(6))
    return nullptr;
  Py_ssize_t specSize = 0;
  const char *spec = PyUnicode_AsUTF8AndSize(argv[0], &specSize);
  if (!spec)
    return nullptr;
  PyObject *args = argv[1];
  Py_ssize_t n = PyTuple_Check(args) ? PyTuple_Size(args) : -1;
  if (n != specSize)
    return raise("launch: the kernel takes " + std::to_string(specSize) +
                 " run-time arguments, got " + std::to_string(n));
  std::vector<uint64_t> storage(static_cast<size_t>(n) + 1);
  std::vector<void *> pointers(static_cast<size_t>(n));
  for (Py_ssize_t k = 0; k < n; ++k) {
    PyObject *item = PyTuple_GetItem(args, k);
    void *slot = &storage[size_t(k)];
    pointers[size_t(k)] = slot;
    char c = spec[k];
    if (c == 'f' || c == 'd') {
      double v = PyFloat_AsDouble(item);
      if (v == -1.0 && PyErr_Occurred())
        return nullptr;
      if (c == 'f') {
        float f = float(v);
        std::memcpy(slot, &f, sizeof f);
      } else {
        std::memcpy(slot, &v, sizeof v);
      }
      continue;
    }
    unsigned long long u = PyLong_AsUnsignedLongLongMask(item);
    if (u == (unsigned long long)-1 && PyErr_Occurred())
      return nullptr;
    switch (c) {
    case 'b': case 'c': { uint8_t x = uint8_t(u); std::memcpy(slot, &x, 1); break; }
    case 'h': { uint16_t x = uint16_t(u); std::memcpy(slot, &x, 2); break; }
    case 'i': { uint32_t x = uint32_t(u); std::memcpy(slot, &x, 4); break; }
    case 'l': case 'p': { uint64_t x = uint64_t(u); std::memcpy(slot, &x, 8); break; }
    default:
      return raise(std::string("launch: bad argument kind '") + c + "'");
    }
  }
  long long gx = a.i(2), gy = a.i(3), gz = a.i(4), threads = a.i(5);
  if (!a.ok)
    return nullptr;
  if (gx < 0 || gy < 0 || gz < 0 || gx > INT32_MAX || gy > INT32_MAX ||
      gz > INT32_MAX)
    return raise("launch: grid dimensions must be between 0 and 2^31-1");
  if (!runCpuKernel(self, pointers.data(),
                    {unsigned(gx), unsigned(gy), unsigned(gz)}, int(threads)))
    return nullptr;
  Py_RETURN_NONE;
}

PyMethodDef cpuKernelMethods[] = {
    {"launch",
     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(CpuKernel_launch)),
     METH_FASTCALL, "Runs the kernel over a grid."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot cpuKernelSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(CpuKernel_dealloc)},
    {Py_tp_methods, cpuKernelMethods},
    {Py_tp_doc, const_cast<char *>("A kernel JIT-loaded for the CPU.")},
    {0, nullptr}};
PyType_Spec cpuKernelSpec = {"trident._C.CpuKernel", sizeof(CpuKernelObject),
                             0, Py_TPFLAGS_DEFAULT, cpuKernelSlots};

PyObject *load_cpu_kernel(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  if (argc != 1 || !PyObject_TypeCheck(argv[0], ArtifactType)) {
    PyErr_SetString(PyExc_TypeError, "load_cpu_kernel(artifact)");
    return nullptr;
  }
  trident::Artifact *artifact =
      reinterpret_cast<ArtifactObject *>(argv[0])->artifact;
  llvm::Expected<std::unique_ptr<trident::cpu::CpuKernel>> kernel =
      llvm::createStringError("not loaded");
  llvm::consumeError(kernel.takeError());
  Py_BEGIN_ALLOW_THREADS
  kernel = trident::cpu::CpuKernel::load(*artifact);
  Py_END_ALLOW_THREADS
  if (!kernel)
    return raise(llvm::toString(kernel.takeError()));
  auto alloc =
      reinterpret_cast<allocfunc>(PyType_GetSlot(CpuKernelType, Py_tp_alloc));
  PyObject *self = alloc(CpuKernelType, 0);
  if (!self)
    return nullptr;
  reinterpret_cast<CpuKernelObject *>(self)->kernel = kernel->release();
  return self;
}

PyObject *artifact_data(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  if (argc != 1 || !PyObject_TypeCheck(argv[0], ArtifactType)) {
    PyErr_SetString(PyExc_TypeError, "artifact_data(artifact)");
    return nullptr;
  }
  trident::Artifact *a = reinterpret_cast<ArtifactObject *>(argv[0])->artifact;
  return Py_BuildValue("(sN)", a->format.c_str(), bytesOrStr(a->data, a->binary));
}

// artifact_metadata(artifact) -> its metadata as JSON text
PyObject *artifact_metadata(PyObject *, PyObject *const *argv,
                            Py_ssize_t argc) {
  if (argc != 1 || !PyObject_TypeCheck(argv[0], ArtifactType)) {
    PyErr_SetString(PyExc_TypeError, "artifact_metadata(artifact)");
    return nullptr;
  }
  trident::Artifact *a = reinterpret_cast<ArtifactObject *>(argv[0])->artifact;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(llvm::json::Object(a->metadata));
  os.flush();
  return PyUnicode_FromStringAndSize(text.data(), Py_ssize_t(text.size()));
}

// make_artifact(format, data: bytes, binary, metadata_json, stage) -> an
// Artifact (one read back from the disk cache).
PyObject *make_artifact(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  Args a{argv, argc, "make_artifact"};
  if (!a.count(5))
    return nullptr;
  auto artifact = std::make_unique<trident::Artifact>();
  artifact->format = a.s(0);
  char *buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(argv[1], &buffer, &size) < 0)
    return nullptr;
  artifact->data.assign(buffer, size_t(size));
  artifact->binary = a.b(2);
  std::string meta = a.s(3);
  artifact->stage = a.s(4);
  if (!a.ok)
    return nullptr;
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(meta);
  if (!parsed)
    return raise("make_artifact: bad metadata: " +
                 llvm::toString(parsed.takeError()));
  if (!parsed->getAsObject())
    return raise("make_artifact: the metadata must be a JSON object");
  artifact->metadata = std::move(*parsed->getAsObject());
  return makeArtifact(std::move(artifact));
}

//===----------------------------------------------------------------------===//
// Plugins
//===----------------------------------------------------------------------===//

PyObject *load_plugin(PyObject *, PyObject *const *argv, Py_ssize_t argc) {
  Args a{argv, argc, "load_plugin"};
  if (!a.count(1))
    return nullptr;
  std::string path = a.s(0);
  if (!a.ok)
    return nullptr;
  if (llvm::Error err = trident::PluginManager::instance().load(path))
    return raise(llvm::toString(std::move(err)));
  Py_RETURN_NONE;
}

PyObject *load_env_plugins(PyObject *, PyObject *const *, Py_ssize_t) {
  if (llvm::Error err =
          trident::PluginManager::instance().loadFromEnvironment())
    return raise(llvm::toString(std::move(err)));
  Py_RETURN_NONE;
}

// dsl_ops() -> list of (name, signature, description, plugin)
PyObject *dsl_ops(PyObject *, PyObject *const *, Py_ssize_t) {
  PyObject *list = PyList_New(0);
  for (const trident::LoadedPlugin *p :
       trident::PluginManager::instance().plugins())
    for (const trident::DslOpDef &op : p->dslOps) {
      PyObject *item =
          Py_BuildValue("(ssss)", op.name.c_str(), op.signature.c_str(),
                        op.description.c_str(), p->name.c_str());
      PyList_Append(list, item);
      Py_DECREF(item);
    }
  return list;
}

// plugins() -> list of (name, version, path, cache key)
PyObject *plugins(PyObject *, PyObject *const *, Py_ssize_t) {
  PyObject *list = PyList_New(0);
  for (const trident::LoadedPlugin *p :
       trident::PluginManager::instance().plugins()) {
    PyObject *item = Py_BuildValue("(ssss)", p->name.c_str(),
                                   p->version.c_str(), p->path.c_str(),
                                   p->cacheKey.c_str());
    PyList_Append(list, item);
    Py_DECREF(item);
  }
  return list;
}

PyObject *pipeline_names(PyObject *, PyObject *const *, Py_ssize_t) {
  PyObject *list = PyList_New(0);
  for (const std::string &name :
       trident::PluginManager::instance().pipelineNames()) {
    PyObject *s = PyUnicode_FromString(name.c_str());
    PyList_Append(list, s);
    Py_DECREF(s);
  }
  return list;
}

PyObject *build_id(PyObject *, PyObject *const *, Py_ssize_t) {
  return PyUnicode_FromString(TRIDENT_BUILD_ID);
}

#define F(name)                                                                \
  {#name, reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(name)),   \
   METH_FASTCALL, nullptr}
PyMethodDef moduleMethods[] = {
    F(load_cpu_kernel), F(artifact_data), F(artifact_metadata),
    F(make_artifact), F(load_plugin), F(load_env_plugins),
    F(dsl_ops), F(plugins), F(pipeline_names), F(build_id),
    {nullptr, nullptr, 0, nullptr}};

int execModule(PyObject *m) {
  ErrorType = PyErr_NewException("trident._C.Error", PyExc_RuntimeError,
                                 nullptr);
  if (!ErrorType || PyModule_AddObjectRef(m, "Error", ErrorType) < 0)
    return -1;
  PyObject *builder = PyType_FromSpec(&builderSpec);
  if (!builder || PyModule_AddObject(m, "Builder", builder) < 0)
    return -1;
  ArtifactType = reinterpret_cast<PyTypeObject *>(PyType_FromSpec(&artifactSpec));
  if (!ArtifactType ||
      PyModule_AddObjectRef(m, "Artifact",
                            reinterpret_cast<PyObject *>(ArtifactType)) < 0)
    return -1;
  CpuKernelType =
      reinterpret_cast<PyTypeObject *>(PyType_FromSpec(&cpuKernelSpec));
  if (!CpuKernelType ||
      PyModule_AddObjectRef(m, "CpuKernel",
                            reinterpret_cast<PyObject *>(CpuKernelType)) < 0)
    return -1;
  if (PyModule_AddFunctions(m, launchMethods) < 0)
    return -1;
  return addLaunchTypes(m);
}

PyModuleDef_Slot moduleSlots[] = {
    {Py_mod_exec, reinterpret_cast<void *>(execModule)}, {0, nullptr}};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT, "_C",
                         "Trident's core, for the Python front end.", 0,
                         moduleMethods, moduleSlots, nullptr, nullptr,
                         nullptr};

} // namespace

extern "C" __attribute__((visibility("default"))) PyObject *PyInit__C() {
  return PyModuleDef_Init(&moduleDef);
}
