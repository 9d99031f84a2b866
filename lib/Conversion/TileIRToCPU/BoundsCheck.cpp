//===- BoundsCheck.cpp - cpu-bounds-check ---------------------------------===//
//
// Before each memory access of a lowered CPU kernel, a call of the
// runtime's __trident_cpu_check_access with the access's first address,
// element size, lanes, active-lane mask and location (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "trident/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"

namespace trident {
#define GEN_PASS_DEF_CPUBOUNDSCHECK
#include "trident/Conversion/Passes.h.inc"
} // namespace trident

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kHook = "__trident_cpu_check_access";
constexpr int64_t kMaxLanes = 64; // bits of the hook's mask

/// One access to check: its first address, what it reads or writes, and
/// which lanes are active (null: all).
struct Access {
  Value ptr;
  Type type;        ///< the value's type (a vector: one lane per element)
  Value mask;       ///< vector<N x i1>, or null
  const char *kind; ///< "load", "store", "atomic"
};

std::optional<Access> accessOf(Operation *op) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return Access{load.getAddr(), load.getType(), nullptr, "load"};
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return Access{store.getAddr(), store.getValue().getType(), nullptr,
                  "store"};
  if (auto load = dyn_cast<LLVM::MaskedLoadOp>(op))
    return Access{load.getData(), load.getType(), load.getMask(), "load"};
  if (auto store = dyn_cast<LLVM::MaskedStoreOp>(op))
    return Access{store.getData(), store.getValue().getType(),
                  store.getMask(), "store"};
  if (auto rmw = dyn_cast<LLVM::AtomicRMWOp>(op))
    return Access{rmw.getPtr(), rmw.getVal().getType(), nullptr, "atomic"};
  if (auto cas = dyn_cast<LLVM::AtomicCmpXchgOp>(op))
    return Access{cas.getPtr(), cas.getVal().getType(), nullptr, "atomic"};
  return std::nullopt;
}

/// Bytes of one element of `t` in memory (pointers: 8).
int64_t elementBytes(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 8;
  return (int64_t(t.getIntOrFloatBitWidth()) + 7) / 8;
}

/// "load at file.py:12:5", from the first file location in `loc`.
std::string siteOf(const char *kind, Location loc) {
  std::string site = std::string(kind) + " at ";
  FileLineColLoc file;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      file = f;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!file)
    return site + "an unknown location";
  return site + file.getFilename().str() + ":" +
         std::to_string(file.getLine()) + ":" +
         std::to_string(file.getColumn());
}

/// Lanes [first, first + count) of `mask` as the bits of an i64.
Value maskBits(OpBuilder &b, Location l, Value mask, int64_t first,
               int64_t count) {
  Type i64 = b.getI64Type();
  auto laneType = VectorType::get({count}, i64);
  if (first != 0 || count != cast<VectorType>(mask.getType()).getNumElements())
    mask = vector::ExtractStridedSliceOp::create(b, l, mask, {first}, {count},
                                                 {1});
  SmallVector<int64_t> bits;
  for (int64_t i = 0; i < count; ++i)
    bits.push_back(int64_t(uint64_t(1) << i));
  Value ones = arith::ConstantOp::create(
      b, l, DenseElementsAttr::get(laneType, ArrayRef<int64_t>(bits)));
  Value zeros = arith::ConstantOp::create(
      b, l, DenseElementsAttr::get(laneType, b.getI64IntegerAttr(0)));
  Value selected = arith::SelectOp::create(b, l, mask, ones, zeros);
  return vector::ReductionOp::create(b, l, vector::CombiningKind::OR,
                                     selected);
}

struct CPUBoundsCheckPass
    : trident::impl::CPUBoundsCheckBase<CPUBoundsCheckPass> {
  LLVM::LLVMFuncOp hook;
  llvm::StringMap<LLVM::GlobalOp> sites;

  LLVM::LLVMFuncOp declareHook(ModuleOp module) {
    MLIRContext *ctx = module.getContext();
    if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(kHook))
      return f;
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    Type i64 = IntegerType::get(ctx, 64);
    auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                            {ptr, i64, i64, i64, ptr});
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    return LLVM::LLVMFuncOp::create(b, module.getLoc(), kHook, type);
  }

  Value siteString(OpBuilder &b, Location l, ModuleOp module,
                   const std::string &text) {
    LLVM::GlobalOp &global = sites[text];
    if (!global) {
      OpBuilder mb(module.getContext()); // detached, inserted below
      std::string data = text;
      data.push_back('\0');
      auto type = LLVM::LLVMArrayType::get(mb.getI8Type(), data.size());
      global = LLVM::GlobalOp::create(mb, l, type, /*isConstant=*/true,
                                      LLVM::Linkage::Private,
                                      "__trident_cpu_site",
                                      mb.getStringAttr(data));
      SymbolTable(module).insert(global, module.getBody()->begin());
    }
    return LLVM::AddressOfOp::create(b, l, global);
  }

  void instrument(Operation *op, const Access &a, ModuleOp module) {
    OpBuilder b(op);
    Location l = op->getLoc();
    Type i64 = b.getI64Type();
    auto vec = dyn_cast<VectorType>(a.type);
    Type element = vec ? vec.getElementType() : a.type;
    int64_t bytes = elementBytes(element);
    int64_t lanes = vec ? vec.getNumElements() : 1;
    Value site = siteString(b, l, module, siteOf(a.kind, l));
    Value size = arith::ConstantIntOp::create(b, l, bytes, 64);
    for (int64_t first = 0; first < lanes; first += kMaxLanes) {
      int64_t count = std::min(kMaxLanes, lanes - first);
      Value ptr = a.ptr;
      if (first != 0)
        ptr = LLVM::GEPOp::create(b, l, a.ptr.getType(), b.getI8Type(), a.ptr,
                                  ArrayRef<LLVM::GEPArg>{
                                      int32_t(first * bytes)});
      Value mask = a.mask ? maskBits(b, l, a.mask, first, count)
                          : arith::ConstantIntOp::create(
                                b, l,
                                count == 64 ? -1 : (int64_t(1) << count) - 1,
                                64)
                                .getResult();
      Value n = arith::ConstantIntOp::create(b, l, i64, count);
      LLVM::CallOp::create(b, l, hook, ValueRange{ptr, size, n, mask, site});
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto name = module->getAttrOfType<StringAttr>("trident.cpu.kernel");
    func::FuncOp kernel =
        name ? module.lookupSymbol<func::FuncOp>(name) : func::FuncOp();
    if (!kernel) {
      module.emitError("cpu-bounds-check runs on a kernel lowered by "
                       "convert-tir-to-cpu (the module's trident.cpu.kernel "
                       "names it); this module has none");
      return signalPassFailure();
    }
    hook = declareHook(module);
    SmallVector<std::pair<Operation *, Access>> accesses;
    kernel.walk([&](Operation *op) {
      std::optional<Access> a = accessOf(op);
      // The module's globals (the runtime's SIGINT flag) are no buffer of
      // the launch's.
      if (a && !a->ptr.getDefiningOp<LLVM::AddressOfOp>())
        accesses.push_back({op, *a});
    });
    for (auto &[op, access] : accesses)
      instrument(op, access, module);
    module->setAttr("trident.cpu.bounds_check", UnitAttr::get(&getContext()));
  }
};

} // namespace
