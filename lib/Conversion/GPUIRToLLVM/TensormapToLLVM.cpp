//===- TensormapToLLVM.cpp - TMA tensor maps built in the kernel ----------===//
//
// A `tir.make_tensor_descriptor` that tir-lower-descriptors kept for TMA
// (sm_90) becomes a tensor map the kernel writes itself, as Triton's
// device-side descriptors do:
//
//   - the kernel gets one more parameter, last: a pointer to global scratch
//     memory that the launcher asks the user's allocator for
//     (`trident.set_allocator`): `trident.global_scratch` bytes for each
//     program of the grid, at (linear program id) * those bytes;
//   - a descriptor made without storage has its 128-byte slot there (one
//     after the other, first), one made `into %storage` is written there;
//     each `tir.global_scratch_alloc` of the kernel gets its bytes after
//     the slots, aligned as it asks;
//   - the first warp of the group running the op (the kernel's warps, or
//     a warp-specialized partition's) zeroes a 128-byte image in shared memory, lane 0 fills its
//     fields with `tensormap.replace` (address, rank, box, sizes, byte
//     strides, element strides, element type, swizzle), and the warp copies
//     it to the slot with `tensormap.cp_fenceproxy` (a release to the
//     tensor-map proxy);
//   - after a barrier of the group every thread acquires it
//     (`fence.proxy.tensormap::generic.acquire`), and the descriptor is the
//     slot's generic address, which the TMA lowerings take as they take a
//     kernel parameter's;
//   - `tir.reinterpret_tensor_descriptor %p` is %p's generic address,
//     acquired the same way.
//
// This runs on the module before the conversion to LLVM proper; the made
// descriptor reaches its uses through an unrealized cast that the
// conversion folds away.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include <string>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

constexpr int64_t kMapBytes = 128;

/// The PTX value of `tensormap.replace.tile.elemtype` for `type` (these
/// are PTX's own numbers, not CUtensorMapDataType's), or -1.
int64_t ptxElemType(Type type) {
  if (type.isInteger(8))
    return 0;
  if (type.isInteger(16))
    return 1;
  if (type.isInteger(32))
    return 3;
  if (type.isInteger(64))
    return 5;
  if (type.isF16())
    return 6;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (type.isBF16())
    return 10;
  if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8)
    return 0; // fp8 moves as bytes
  return -1;
}

/// `asm` with side effects on `operands`.
void asmStatement(OpBuilder &b, Location loc, StringRef text,
                  StringRef constraints, ValueRange operands) {
  LLVM::InlineAsmOp::create(
      b, loc, /*res=*/Type(), operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

/// The shared image's fields, written by the thread where `pred` holds.
void fillImage(OpBuilder &b, Location loc, tir::MakeTensorDescOp make,
               const nvgir::TmaBlockLayout &l, Value image, Value pred) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto field = [&](StringRef name, StringRef type, std::optional<int64_t> ord,
                   Value value) {
    std::string text = ("@$2 tensormap.replace.tile." + name +
                        ".shared::cta.b1024." + type + " [$0], ")
                           .str();
    if (ord)
      text += std::to_string(*ord) + ", ";
    text += "$1;";
    asmStatement(b, loc, text,
                 type == "b64" ? "l,l,b,~{memory}" : "l,r,b,~{memory}",
                 ValueRange{image, value, pred});
  };
  auto immediate = [&](StringRef name, int64_t value) {
    asmStatement(b, loc,
                 ("@$1 tensormap.replace.tile." + name +
                  ".shared::cta.b1024.b32 [$0], " + std::to_string(value) + ";")
                     .str(),
                 "l,b,~{memory}", ValueRange{image, pred});
  };
  auto asWidth = [&](Value v, Type t) -> Value {
    unsigned have = v.getType().getIntOrFloatBitWidth();
    unsigned want = t.getIntOrFloatBitWidth();
    if (have == want)
      return v;
    if (have > want)
      return arith::TruncIOp::create(b, loc, t, v);
    return arith::ExtSIOp::create(b, loc, t, v);
  };
  unsigned rank = make.getType().getRank();
  // (The conversion folds the cast into the converted pointer.)
  Value ptr = UnrealizedConversionCastOp::create(
                  b, loc, TypeRange{LLVM::LLVMPointerType::get(b.getContext(), 1)},
                  ValueRange{make.getBase()})
                  .getResult(0);
  Value base = LLVM::PtrToIntOp::create(b, loc, i64, ptr);
  field("global_address", "b64", std::nullopt, base);
  immediate("rank", rank - 1);
  // TMA numbers dimensions innermost first.
  for (unsigned ord = 0; ord < rank; ++ord) {
    unsigned d = rank - 1 - ord;
    field("box_dim", "b32", ord,
          arith::ConstantIntOp::create(b, loc, l.box[d], 32));
    field("global_dim", "b32", ord, asWidth(make.getShape()[d], i32));
    if (ord + 1 < rank) {
      // The stride of the next dimension out, in bytes.
      Value stride = asWidth(make.getStrides()[d - 1], i64);
      stride = arith::MulIOp::create(
          b, loc, stride, arith::ConstantIntOp::create(b, loc, l.elemBytes, 64));
      field("global_stride", "b64", ord, stride);
    }
    field("element_stride", "b32", ord,
          arith::ConstantIntOp::create(b, loc, 1, 32));
  }
  immediate("elemtype", ptxElemType(make.getType().getElementType()));
  immediate("interleave_layout", 0);
  immediate("swizzle_mode", l.swizzle == 128  ? 3
                            : l.swizzle == 64 ? 2
                            : l.swizzle == 32 ? 1
                                              : 0);
  immediate("fill_mode", 0); // out-of-bounds elements read as zero
}

/// `asm` of the acquire of the tensor map at generic address `map`.
void acquireTensorMap(OpBuilder &b, Location loc, Value map) {
  asmStatement(b, loc, "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;",
               "l,~{memory}", ValueRange{map});
}

/// Replaces `op` (a descriptor made or read back) by the tensor map at
/// `slot` (a global pointer): its generic address, once this thread has
/// acquired it for the tensor-map proxy.
void replaceWithAcquiredMap(OpBuilder &b, Operation *op, Value slot) {
  Location loc = op->getLoc();
  Value generic = LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), slot);
  acquireTensorMap(b, loc, generic);
  Value desc = UnrealizedConversionCastOp::create(
                   b, loc, op->getResultTypes(), ValueRange{generic})
                   .getResult(0);
  op->getResult(0).replaceAllUsesWith(desc);
  op->erase();
}

/// `v` (a Tile IR pointer) as the LLVM pointer it converts to.
Value llvmPointer(OpBuilder &b, Location loc, Value v) {
  auto ptr = cast<tir::PointerType>(v.getType());
  return UnrealizedConversionCastOp::create(
             b, loc,
             TypeRange{LLVM::LLVMPointerType::get(b.getContext(),
                                                  ptr.getAddressSpace())},
             ValueRange{v})
      .getResult(0);
}

LogicalResult lowerKernel(func::FuncOp fn, LoweringContext &lc) {
  SmallVector<tir::MakeTensorDescOp> makes;
  SmallVector<tir::GlobalScratchAllocOp> allocs;
  SmallVector<tir::ReinterpretTensorDescOp> reads;
  fn.walk([&](Operation *op) {
    if (auto make = dyn_cast<tir::MakeTensorDescOp>(op))
      makes.push_back(make);
    else if (auto alloc = dyn_cast<tir::GlobalScratchAllocOp>(op))
      allocs.push_back(alloc);
    else if (auto read = dyn_cast<tir::ReinterpretTensorDescOp>(op))
      reads.push_back(read);
  });
  if (makes.empty() && allocs.empty() && reads.empty())
    return success();
  for (tir::MakeTensorDescOp make : makes) {
    std::string why;
    if (failed(nvgir::getTmaBlockLayout(make.getType(), &why)))
      return make.emitOpError("cannot be served by TMA: ") << why;
    if (ptxElemType(make.getType().getElementType()) < 0)
      return make.emitOpError("cannot be served by TMA: no tensor-map "
                              "element type for ")
             << make.getType().getElementType();
  }
  for (tir::ReinterpretTensorDescOp read : reads) {
    std::string why;
    if (failed(nvgir::getTmaBlockLayout(read.getType(), &why)))
      return read.emitOpError("cannot be served by TMA: ") << why;
  }
  // The scratch parameter cannot be reached from a warp-specialized
  // partition (its regions see only their captures).
  auto inPartition = [](Operation *op) {
    return static_cast<bool>(op->getParentOfType<tir::WarpPartitionsOp>());
  };
  for (tir::MakeTensorDescOp make : makes)
    if (!make.getStorage() && inPartition(make))
      return make.emitOpError(
          "is in a warp-specialized partition and has no storage: make the "
          "descriptor before the partitions (and pass it in), or give it "
          "storage allocated there");
  for (tir::GlobalScratchAllocOp alloc : allocs)
    if (inPartition(alloc))
      return alloc.emitOpError(
          "is in a warp-specialized partition: allocate global scratch "
          "memory before the partitions and pass the pointer in");
  MLIRContext *ctx = fn.getContext();
  Type globalPtr = LLVM::LLVMPointerType::get(ctx, 1);
  Type i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);

  // Each program's scratch: a 128-byte slot per descriptor made without
  // storage of its own, then the kernel's allocations, each aligned.
  SmallVector<int64_t> makeOffset(makes.size(), -1), allocOffset;
  int64_t perProgram = 0;
  for (size_t k = 0; k < makes.size(); ++k)
    if (!makes[k].getStorage()) {
      makeOffset[k] = perProgram;
      perProgram += kMapBytes;
    }
  for (tir::GlobalScratchAllocOp alloc : allocs) {
    perProgram = llvm::alignTo(perProgram, alloc.getAlignment());
    allocOffset.push_back(perProgram);
    perProgram += alloc.getNbytes();
  }
  // Programs' scratch regions start 128-byte aligned (the allocator's
  // buffer is).
  perProgram = llvm::alignTo(perProgram, kMapBytes);
  Value scratch;
  if (perProgram > 0) {
    unsigned index = fn.getNumArguments();
    if (failed(fn.insertArgument(index, globalPtr, DictionaryAttr::get(ctx),
                                 fn.getLoc())))
      return fn.emitOpError("cannot take the global scratch parameter");
    scratch = fn.getArgument(index);
    Builder attrs(ctx);
    fn->setAttr("trident.global_scratch",
                attrs.getI64IntegerAttr(perProgram));
  }
  // Byte `offset` of this program's scratch.
  auto scratchAt = [&](OpBuilder &b, Location loc, int64_t offset) -> Value {
    Value x = NVVM::BlockIdXOp::create(b, loc, i32);
    Value y = NVVM::BlockIdYOp::create(b, loc, i32);
    Value z = NVVM::BlockIdZOp::create(b, loc, i32);
    Value nx = NVVM::GridDimXOp::create(b, loc, i32);
    Value ny = NVVM::GridDimYOp::create(b, loc, i32);
    Value pid = arith::AddIOp::create(
        b, loc, x,
        arith::MulIOp::create(
            b, loc, nx,
            arith::AddIOp::create(b, loc, y,
                                  arith::MulIOp::create(b, loc, ny, z))));
    Value byte = arith::MulIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, pid),
        arith::ConstantIntOp::create(b, loc, perProgram, 64));
    byte = arith::AddIOp::create(
        b, loc, byte, arith::ConstantIntOp::create(b, loc, offset, 64));
    return LLVM::GEPOp::create(b, loc, globalPtr, b.getI8Type(), scratch,
                               ValueRange{byte});
  };

  for (auto [alloc, offset] : llvm::zip(allocs, allocOffset)) {
    OpBuilder b(alloc);
    Value at = scratchAt(b, alloc.getLoc(), offset);
    Value ptr = UnrealizedConversionCastOp::create(
                    b, alloc.getLoc(), TypeRange{alloc.getType()},
                    ValueRange{at})
                    .getResult(0);
    alloc.replaceAllUsesWith(ptr);
    alloc.erase();
  }

  for (size_t k = 0; k < makes.size(); ++k) {
    tir::MakeTensorDescOp make = makes[k];
    OpBuilder b(make);
    Location loc = make.getLoc();
    nvgir::TmaBlockLayout l = *nvgir::getTmaBlockLayout(make.getType());
    auto c32 = [&](int64_t v) { return i32Const(b, loc, v); };
    Value slot = make.getStorage() ? llvmPointer(b, loc, make.getStorage())
                                   : scratchAt(b, loc, makeOffset[k]);
    // The image in shared memory (128-byte aligned; the scratch buffer
    // comes with the barrier before it is written).
    Value raw = lc.scratchBuffer(b, make, tensorMapScratch(make)[0].bytes);
    lc.endScratchUser(); // `make` is erased below
    Value addr = LLVM::PtrToIntOp::create(b, loc, i32, raw);
    addr = arith::AndIOp::create(
        b, loc, arith::AddIOp::create(b, loc, addr, c32(kMapBytes - 1)),
        c32(~(kMapBytes - 1)));
    Value image = LLVM::IntToPtrOp::create(b, loc, raw.getType(), addr);
    // The first warp of the group running the op (of the kernel, or of
    // its warp-specialized partition) writes the map.
    Value tid = lc.threadId(b, loc);
    Value lane = arith::AndIOp::create(b, loc, tid, c32(31));
    Value warp0 = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        tid, c32(32));
    scf::IfOp::create(b, loc, warp0, [&](OpBuilder &t, Location tl) {
      // 32 lanes x 4 bytes of zeros, then lane 0 sets the fields.
      Value word = LLVM::GEPOp::create(t, tl, raw.getType(), t.getI32Type(),
                                       image, ValueRange{lane});
      LLVM::StoreOp::create(t, tl, i32Const(t, tl, 0), word);
      NVVM::SyncWarpOp::create(t, tl, i32Const(t, tl, -1));
      Value lane0 = arith::CmpIOp::create(t, tl, arith::CmpIPredicate::eq,
                                          lane, i32Const(t, tl, 0));
      fillImage(t, tl, make, l, image, lane0);
      NVVM::SyncWarpOp::create(t, tl, i32Const(t, tl, -1));
      asmStatement(t, tl,
                   "tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
                   "generic.release.gpu.sync.aligned [$0], [$1], 128;",
                   "l,l,~{memory}", ValueRange{slot, image});
      scf::YieldOp::create(t, tl);
    });
    barrier(b, loc);
    replaceWithAcquiredMap(b, make, slot);
  }

  // A descriptor read back from memory: the map's generic address, once
  // this thread has acquired it for the tensor-map proxy.
  for (tir::ReinterpretTensorDescOp read : reads) {
    OpBuilder b(read);
    Location loc = read.getLoc();
    replaceWithAcquiredMap(b, read, llvmPointer(b, loc, read.getPtr()));
  }
  return success();
}

} // namespace

LogicalResult lowerTensorMaps(ModuleOp module, LoweringContext &lc,
                              int64_t computeCapability) {
  WalkResult result = module.walk([&](func::FuncOp fn) {
    bool maps = false, allocs = false;
    fn.walk([&](Operation *op) {
      maps |= isa<tir::MakeTensorDescOp, tir::ReinterpretTensorDescOp>(op);
      allocs |= isa<tir::GlobalScratchAllocOp>(op);
    });
    if (!maps && !allocs)
      return WalkResult::advance();
    // (Kernels have traded their Tile IR mark for NVVM's by now.)
    bool kernel = tir::isKernel(fn) ||
                  fn->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
    if (!kernel || (maps && computeCapability < 90)) {
      fn.walk([&](Operation *op) {
        if (isa<tir::MakeTensorDescOp, tir::ReinterpretTensorDescOp>(op))
          op->emitOpError("is left for the GPU lowering, which builds "
                          "tensor maps only in kernels for sm_90 and newer; "
                          "elsewhere tir-lower-descriptors makes such "
                          "descriptors pointer accesses (it has not run, or "
                          "could not see every use of this one)");
        else if (isa<tir::GlobalScratchAllocOp>(op))
          op->emitOpError("is in function '")
              << fn.getSymName()
              << "', which is not a kernel: global scratch memory is the "
                 "kernel's (inline the function)";
      });
      return WalkResult::interrupt();
    }
    return failed(lowerKernel(fn, lc)) ? WalkResult::interrupt()
                                       : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

SmallVector<ScratchRequest> tensorMapScratch(tir::MakeTensorDescOp op) {
  // The tensor map's image, 128-byte aligned at run time.
  return {{2 * kMapBytes}};
}

} // namespace trident::gir_to_llvm
