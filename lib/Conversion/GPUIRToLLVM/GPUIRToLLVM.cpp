//===- GPUIRToLLVM.cpp - convert-gir-to-llvm ------------------------------===//
//
// Two conversions. The first distributes: tiles become per-thread vectors
// and every Tile IR / GPU IR operation becomes the per-thread code of its
// layout (ElementwiseToLLVM, MemoryToLLVM, ReduceToLLVM,
// ConvertLayoutToLLVM), leaving arith, math, vector, scf and func on
// vectors and scalars. The second lowers those with upstream patterns to the
// LLVM dialect. Kernels become nvvm.kernel functions. A dialect that
// implements GPUIRToLLVMPatternInterface (a plugin's) adds its patterns to
// the first conversion.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "VectorBuild.h"
#include "WarpSpecialize.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "trident/Dialect/GPUIR/Transforms/CTASplit.h"

#include "../Float8Casts.h"
#include "../FloatStorage.h"

#include "trident/Conversion/GPUIRToLLVM/PatternInterface.h"
#include "trident/Conversion/Passes.h"
#include "trident/Dialect/GPUIR/Transforms/SharedMemoryAllocation.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <algorithm>

namespace trident {
#define GEN_PASS_DEF_CONVERTGPUIRTOLLVM
#include "trident/Conversion/Passes.h.inc"
} // namespace trident

using namespace mlir;
using namespace trident;
using namespace trident::gir_to_llvm;

namespace {

/// Tiles to per-thread vectors, Tile IR pointers to LLVM pointers.
class DistributionTypeConverter : public TypeConverter {
public:
  explicit DistributionTypeConverter(LoweringContext &lc) {
    addConversion([](Type t) { return t; });
    addConversion([](tir::PointerType t) -> Type {
      return LLVM::LLVMPointerType::get(t.getContext(), t.getAddressSpace());
    });
    // Shared-memory buffers: a pointer to their first byte.
    addConversion([](gir::MemDescType t) -> Type {
      return LLVM::LLVMPointerType::get(t.getContext(), 3);
    });
    addConversion([](nvgir::MBarriersType t) -> Type {
      return LLVM::LLVMPointerType::get(t.getContext(), 3);
    });
    // TMA descriptors: the generic address of the 128 bytes (a kernel
    // parameter passed by value).
    addConversion([](tir::TensorDescType t) -> Type {
      return LLVM::LLVMPointerType::get(t.getContext());
    });
    addConversion([this, &lc](RankedTensorType t) -> std::optional<Type> {
      if (!gir::getDistributedEncoding(t))
        return std::nullopt;
      std::string why;
      FailureOr<LayoutMap> map =
          LayoutMap::get(t, lc.threadsPerWarp, lc.numWarps, why);
      if (failed(map))
        return std::nullopt;
      Type element = convertType(t.getElementType());
      if (!element)
        return std::nullopt;
      return VectorType::get({map->numRegisters()}, element);
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, type, inputs)
          .getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

/// In a module of clusters, every tile split over the CTAs must be one an
/// op's lowering works on by blocks (gir-split-ctas chooses only those; a
/// pass after it may not have).
LogicalResult checkCTASplits(ModuleOp module) {
  WalkResult result = module.walk([&](Operation *op) {
    if (gir::acceptsCTASplit(op))
      return WalkResult::advance();
    auto split = [](Value v) { return gir::getCTASplit(v.getType()) > 1; };
    if (llvm::none_of(op->getOperands(), split) &&
        llvm::none_of(op->getResults(), split))
      return WalkResult::advance();
    op->emitOpError("has a tile split over the CTAs of a cluster, which its "
                    "lowering does not handle (gir-split-ctas keeps the "
                    "tiles of such ops whole)");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Every tile has a layout by now (convert-tir-to-gir and the layout
/// passes gave it one); a tile without is named, not lowered.
LogicalResult checkLayouts(ModuleOp module) {
  auto unlaidOut = [](Type t) {
    auto tile = dyn_cast<RankedTensorType>(t);
    return tile && !tile.getEncoding();
  };
  WalkResult result = module.walk([&](Operation *op) {
    Type bad;
    for (Type t : op->getResultTypes())
      if (!bad && unlaidOut(t))
        bad = t;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type t : block.getArgumentTypes())
          if (!bad && unlaidOut(t))
            bad = t;
    if (!bad)
      return WalkResult::advance();
    op->emitOpError("has a tile without a layout (")
        << bad << "); convert-tir-to-gir gives every tile one"
        << (cast<RankedTensorType>(bad).getRank() == 0
                ? ", after tir-rank0-to-scalars has made rank-0 tiles scalars"
                : "");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

struct ConvertGPUIRToLLVMPass
    : trident::impl::ConvertGPUIRToLLVMBase<ConvertGPUIRToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (failed(checkLayouts(module)))
      return signalPassFailure();
    LoweringContext lc;
    lc.module = module;
    lc.numWarps = gir::getNumWarps(module);
    lc.threadsPerWarp = gir::getThreadsPerWarp(module);
    lc.numCTAs = gir::getNumCTAs(module);
    lc.predicateStores = predicateStores;
    lc.predicateLoads = predicateLoads;
    lc.predicateLoadsAbove = predicateLoadsAbove;
    if (lc.numCTAs > 1 && failed(checkCTASplits(module)))
      return signalPassFailure();
    // Before the divisibility hints below are dropped.
    AxisInfoAnalysis axisInfo(module);
    lc.axisInfo = &axisInfo;
    if (failed(choosePredicatedLoads(module, lc)))
      return signalPassFailure();
    // The axis hints of operations have served their purpose (lowered
    // operations on per-thread vectors would not verify with them).
    tir::TileIRDialect::removeAxisHints(module);
    // Where each shared buffer lies and how long it lives, before the
    // lowering moves anything.
    lc.loadSharedMemoryPlan();

    int64_t computeCapability = 90;
    if (auto cc = module->getAttrOfType<IntegerAttr>(
            gir::GPUIRDialect::getComputeCapabilityAttrName()))
      computeCapability = cc.getInt();
    bool failedArgs = false;

    // Kernels keep their marks through the lowering of func.func.
    Builder b(ctx);
    module.walk([&](func::FuncOp fn) {
      // Divisibility hints on pointers become alignment; the others have
      // served their purpose (Tile IR attributes do not verify on LLVM).
      for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
        auto div = fn.getArgAttrOfType<IntegerAttr>(
            i, tir::TileIRDialect::getDivisibilityAttrName());
        for (StringRef hint : {tir::TileIRDialect::getDivisibilityAttrName(),
                               tir::TileIRDialect::getContiguityAttrName(),
                               tir::TileIRDialect::getConstancyAttrName()})
          fn.removeArgAttr(i, hint);
        if (!div)
          continue;
        if (isa<tir::PointerType>(fn.getArgumentTypes()[i]))
          fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                        b.getI64IntegerAttr(div.getInt()));
      }
      if (!tir::isKernel(fn))
        return;
      if (failed(markTmaArguments(fn, computeCapability))) {
        failedArgs = true;
        return;
      }
      fn->removeAttr(tir::TileIRDialect::getKernelAttrName());
      fn->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), b.getUnitAttr());
      fn->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                  b.getDenseI32ArrayAttr(
                      {int32_t(lc.numWarps * lc.threadsPerWarp), 1, 1}));
      // The most registers a thread may use (Triton's maxnreg): PTX
      // `.maxnreg` on the kernel entry only, never on called functions.
      if (Attribute a = module->getAttr("tir.maxnreg")) {
        auto regs = dyn_cast<IntegerAttr>(a);
        if (!regs || regs.getInt() < 1 || regs.getInt() > 255) {
          fn.emitOpError("belongs to a module whose tir.maxnreg is ")
              << a << "; it must be an integer in 1..255 (registers per "
              << "thread)";
          failedArgs = true;
          return;
        }
        fn->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                    b.getI32IntegerAttr(int32_t(regs.getInt())));
      }
      // A program of several CTAs is a cluster of them (the launch takes
      // the shape from the kernel's metadata).
      if (lc.numCTAs > 1) {
        StringRef name = NVVM::NVVMDialect::getClusterDimAttrName();
        auto given = fn->getAttrOfType<DenseI32ArrayAttr>(name);
        if (given && (given.size() < 1 ||
                      given.asArrayRef()[0] != int32_t(lc.numCTAs) ||
                      llvm::any_of(given.asArrayRef().drop_front(),
                                   [](int32_t d) { return d != 1; }))) {
          fn.emitOpError("sets ")
              << name << " = " << given << " but its programs have "
              << lc.numCTAs << " CTAs (num_ctas), a cluster of (" << lc.numCTAs
              << ", 1, 1)";
          failedArgs = true;
          return;
        }
        fn->setAttr(name, b.getDenseI32ArrayAttr({int32_t(lc.numCTAs), 1, 1}));
      }
      // Programs of one CTA launched in clusters (.reqnctapercluster).
      if (gir::getClusterSize(module) > 1)
        fn->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                    b.getDenseI32ArrayAttr(gir::getClusterDims(module)));
    });

    // Warp-specialized kernels: launch bounds of all their warps, the
    // captures' shared memory.
    // Descriptors made in kernels that tir-lower-descriptors kept for TMA:
    // tensor maps the kernel builds in global scratch (once the kernel is
    // known to be warp-specialized: their barriers are their group's).
    if (failedArgs || failed(prepareWarpSpecialize(module, lc)) ||
        failed(lowerTensorMaps(module, lc, computeCapability)) ||
        failed(distribute(module, lc)) || lc.scratchOverflow ||
        failed(lowerWarpSpecialize(module, lc)))
      return signalPassFailure();
    // Shared memory: one dynamic buffer, persistent buffers, scratch where
    // they leave room.
    lc.finalizeSharedMemory();
    int64_t limit = gir::sharedMemoryLimit(computeCapability);
    int64_t total = lc.totalSharedBytes();
    if (total > limit) {
      // Name the largest buffer of the kind that overflows: the persistent
      // ones if they alone do (scratch reuses what they leave free).
      bool persistentOver = lc.persistentBytes > limit;
      auto largest = std::max_element(
          lc.sharedUses.begin(), lc.sharedUses.end(),
          [&](const auto &a, const auto &b) {
            return std::make_pair(a.persistent == persistentOver, a.bytes) <
                   std::make_pair(b.persistent == persistentOver, b.bytes);
          });
      emitError(largest->loc)
          << largest->what << " needs " << largest->bytes
          << " bytes of shared memory; the kernel needs " << total
          << " bytes in all, over the " << limit
          << "-byte limit of shared memory per program on sm_"
          << computeCapability << " (use smaller tiles)";
      return signalPassFailure();
    }
    if (failed(lowerToLLVM(module)))
      return signalPassFailure();
    // The dynamic shared memory a launch must give (kernel metadata); a
    // module written in the LLVM dialect may have set it already.
    constexpr StringLiteral kSharedBytes = "trident.shared_bytes";
    if (auto given = module->getAttrOfType<IntegerAttr>(kSharedBytes))
      total = std::max(total, given.getInt());
    module->setAttr(kSharedBytes, b.getI32IntegerAttr(total));
  }

  /// Tensor-descriptor arguments of kernel `fn` become TMA descriptors
  /// passed by value (128 bytes, 64-byte aligned, __grid_constant__ so
  /// that their address may be taken); `trident.tma_arguments` on the
  /// function records each one's block, box and swizzle for the kernel
  /// metadata, from which the launcher encodes the descriptor.
  static LogicalResult markTmaArguments(func::FuncOp fn,
                                        int64_t computeCapability) {
    MLIRContext *ctx = fn.getContext();
    Builder b(ctx);
    SmallVector<Attribute> described;
    for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
      auto desc = dyn_cast<tir::TensorDescType>(fn.getArgumentTypes()[i]);
      if (!desc)
        continue;
      Location loc = fn.getArgument(i).getLoc();
      if (computeCapability < 90)
        return emitError(loc) << "kernel '" << fn.getSymName() << "' argument #"
                              << i << " is a tensor descriptor " << desc
                              << ", which needs TMA (sm_90 or newer; the "
                                 "target is sm_"
                              << computeCapability
                              << "): pass the tensor's pointer, sizes and "
                                 "strides and build the descriptor in the "
                                 "kernel with tir.make_tensor_descriptor";
      std::string why;
      FailureOr<nvgir::TmaBlockLayout> l = nvgir::getTmaBlockLayout(desc, &why);
      if (failed(l))
        return emitError(loc) << "kernel '" << fn.getSymName() << "' argument #"
                              << i << ": cannot move " << desc
                              << " with TMA: " << why;
      std::string dtype;
      llvm::raw_string_ostream os(dtype);
      os << desc.getElementType();
      described.push_back(b.getDictionaryAttr({
          b.getNamedAttr("index", b.getI64IntegerAttr(i)),
          b.getNamedAttr("dtype", b.getStringAttr(dtype)),
          b.getNamedAttr("elem_bytes", b.getI64IntegerAttr(l->elemBytes)),
          b.getNamedAttr("block", b.getDenseI64ArrayAttr(desc.getBlockShape())),
          b.getNamedAttr("box", b.getDenseI64ArrayAttr(l->box)),
          b.getNamedAttr("swizzle", b.getI64IntegerAttr(l->swizzle)),
      }));
      fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(), 128)));
      fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
      fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                    b.getUnitAttr());
    }
    if (!described.empty())
      fn->setAttr("trident.tma_arguments", b.getArrayAttr(described));
    return success();
  }

  LogicalResult distribute(ModuleOp module, LoweringContext &lc) {
    MLIRContext *ctx = &getContext();
    DistributionTypeConverter converter(lc);
    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                           vector::VectorDialect, ub::UBDialect>();
    target.addIllegalDialect<tir::TileIRDialect, gir::GPUIRDialect,
                             nvgir::NVGIRDialect>();
    auto legalTypes = [&](Operation *op) {
      return converter.isLegal(op->getOperandTypes()) &&
             converter.isLegal(op->getResultTypes());
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        legalTypes);
    target.addIllegalOp<math::ExpOp>();
    target.addDynamicallyLegalOp<math::ExpOp>([&](math::ExpOp op) {
      return legalTypes(op) && !getElementTypeOrSelf(op.getType()).isF32();
    });
    target.addDynamicallyLegalOp<arith::DivFOp>([&](arith::DivFOp op) {
      return legalTypes(op) && !isApproximateDivision(op);
    });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp fn) {
      return converter.isSignatureLegal(fn.getFunctionType()) &&
             converter.isLegal(&fn.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(legalTypes);
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();

    RewritePatternSet patterns(ctx);
    populateElementwisePatterns(converter, patterns, lc);
    populateMemoryPatterns(converter, patterns, lc);
    populateReducePatterns(converter, patterns, lc);
    populateConvertLayoutPatterns(converter, patterns, lc);
    populateDotPatterns(converter, patterns, lc);
    populateWgmmaDotPatterns(converter, patterns, lc);
    populateMmaV2DotPatterns(converter, patterns, lc);
    populateSharedMemoryPatterns(converter, patterns, lc);
    populateAtomicPatterns(converter, patterns, lc);
    populateScanPatterns(converter, patterns, lc);
    populateTmaPatterns(converter, patterns, lc);
    populateInlineAsmPatterns(converter, patterns, lc);
    populateMapElementwisePatterns(converter, patterns, lc);
    populateExternPatterns(converter, patterns, lc);
    populateDebugPatterns(converter, patterns, lc);
    populateWarpSpecializePatterns(converter, patterns, target);
    // Dialects (a plugin's) whose ops come with their own lowering.
    for (Dialect *dialect : ctx->getLoadedDialects())
      if (auto *lowering =
              dialect->getRegisteredInterface<GPUIRToLLVMPatternInterface>()) {
        target.addIllegalDialect(dialect->getNamespace());
        lowering->populateGPUIRToLLVMPatterns(converter, patterns, lc);
      }
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    return applyPartialConversion(module, target, std::move(patterns));
  }

  /// libdevice's f32 and f64 functions for `op`, when it is a math
  /// function NVPTX has no instruction for (exp and exp2: except on f32);
  /// else null.
  static const std::pair<const char *, const char *> *
  libdeviceFunctions(Operation *op) {
    static const llvm::StringMap<std::pair<const char *, const char *>> names = {
        {"math.acos", {"__nv_acosf", "__nv_acos"}},
        {"math.acosh", {"__nv_acoshf", "__nv_acosh"}},
        {"math.asin", {"__nv_asinf", "__nv_asin"}},
        {"math.asinh", {"__nv_asinhf", "__nv_asinh"}},
        {"math.atan", {"__nv_atanf", "__nv_atan"}},
        {"math.atan2", {"__nv_atan2f", "__nv_atan2"}},
        {"math.atanh", {"__nv_atanhf", "__nv_atanh"}},
        {"math.cbrt", {"__nv_cbrtf", "__nv_cbrt"}},
        {"math.cos", {"__nv_cosf", "__nv_cos"}},
        {"math.cosh", {"__nv_coshf", "__nv_cosh"}},
        {"math.erf", {"__nv_erff", "__nv_erf"}},
        {"math.erfc", {"__nv_erfcf", "__nv_erfc"}},
        {"math.exp", {"__nv_expf", "__nv_exp"}},
        {"math.exp2", {"__nv_exp2f", "__nv_exp2"}},
        {"math.expm1", {"__nv_expm1f", "__nv_expm1"}},
        {"math.log", {"__nv_logf", "__nv_log"}},
        {"math.log10", {"__nv_log10f", "__nv_log10"}},
        {"math.log1p", {"__nv_log1pf", "__nv_log1p"}},
        {"math.log2", {"__nv_log2f", "__nv_log2"}},
        {"math.powf", {"__nv_powf", "__nv_pow"}},
        {"math.sin", {"__nv_sinf", "__nv_sin"}},
        {"math.sinh", {"__nv_sinhf", "__nv_sinh"}},
        {"math.tan", {"__nv_tanf", "__nv_tan"}},
        {"math.tanh", {"__nv_tanhf", "__nv_tanh"}},
        // frem has no PTX instruction; libdevice's fmod is exact.
        {"arith.remf", {"__nv_fmodf", "__nv_fmod"}},
    };
    if (op->getNumResults() != 1 ||
        !isa<FloatType>(getElementTypeOrSelf(op->getResult(0).getType())))
      return nullptr;
    auto it = names.find(op->getName().getStringRef());
    if (it == names.end())
      return nullptr;
    // f32 exp and exp2 are ex2.approx (exp scaled first: ExpPattern).
    Type elt = getElementTypeOrSelf(op->getResult(0).getType());
    if (elt.isF32() && isa<math::ExpOp, math::Exp2Op>(op))
      return nullptr;
    return &it->second;
  }

  /// `scalar` applied to each element of `op`'s operands (scalars, or the
  /// rank-1 vectors of a thread's registers), at `b`: the scalar or vector
  /// result; fails on other types.
  static FailureOr<Value>
  perElement(OpBuilder &b, Operation *op,
             llvm::function_ref<Value(ArrayRef<Value>)> scalar) {
    Type type = op->getResult(0).getType();
    if (isa<FloatType>(type))
      return scalar(SmallVector<Value>(op->getOperands()));
    auto vt = dyn_cast<VectorType>(type);
    if (!vt || vt.getRank() != 1)
      return failure();
    SmallVector<Value> results;
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      SmallVector<Value> scalars;
      for (Value v : op->getOperands())
        scalars.push_back(vector::ExtractOp::create(b, op->getLoc(), v, i));
      results.push_back(scalar(scalars));
    }
    return Value(vector::FromElementsOp::create(b, op->getLoc(), vt, results));
  }

  /// Those functions become calls of CUDA's libdevice (__nv_logf, __nv_sin,
  /// ...), element by element, f16 and bf16 through f32; the NVPTX step
  /// links libdevice in (NVPTXCodegen.cpp). The others stay LLVM
  /// intrinsics.
  LogicalResult lowerMathToLibdevice(ModuleOp module) {
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (libdeviceFunctions(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      Location loc = op->getLoc();
      Type type = op->getResult(0).getType();
      Type elt = getElementTypeOrSelf(type);
      OpBuilder b(op);
      Type callType = elt.isF64() ? b.getF64Type() : b.getF32Type();
      const auto *fns = libdeviceFunctions(op);
      StringRef name = elt.isF64() ? fns->second : fns->first;
      Operation *symbols = op->getParentWithTrait<OpTrait::SymbolTable>();
      auto fn = dyn_cast_or_null<LLVM::LLVMFuncOp>(
          SymbolTable::lookupSymbolIn(symbols, name));
      if (!fn) {
        OpBuilder mb(symbols->getRegion(0));
        SmallVector<Type> params(op->getNumOperands(), callType);
        fn = LLVM::LLVMFuncOp::create(
            mb, loc, name, LLVM::LLVMFunctionType::get(callType, params));
      }
      auto call = [&](ArrayRef<Value> scalars) -> Value {
        SmallVector<Value> args;
        for (Value s : scalars)
          args.push_back(s.getType() == callType
                             ? s
                             : arith::ExtFOp::create(b, loc, callType, s));
        Value r = LLVM::CallOp::create(b, loc, fn, args).getResult();
        return elt == callType ? r : arith::TruncFOp::create(b, loc, elt, r);
      };
      FailureOr<Value> result = perElement(b, op, call);
      if (failed(result))
        return op->emitOpError("convert-gir-to-llvm: a libdevice call on ")
               << type;
      op->getResult(0).replaceAllUsesWith(*result);
      op->erase();
    }
    return success();
  }

  /// f32 exp2 (tl.exp2) is `ex2.approx.ftz.f32`, element by element: what
  /// Triton's libdevice __nv_exp2f becomes under its flush-to-zero reflect
  /// setting. Without ftz, ptxas wraps each MUFU.EX2 in a denormal range
  /// fix (two multiplies and a compare): attention's softmax runs 32 of
  /// them per thread and iteration. Results below 2^-126 flush to zero.
  void lowerExp2(ModuleOp module) {
    // Without flush-to-zero (trident.reflect_ftz = false, Triton's
    // enable_reflect_ftz=False), ex2.approx.f32 keeps denormal results.
    auto ftzAttr = module->getAttrOfType<BoolAttr>("trident.reflect_ftz");
    StringRef intrinsic = ftzAttr && !ftzAttr.getValue()
                              ? "llvm.nvvm.ex2.approx.f32"
                              : "llvm.nvvm.ex2.approx.ftz.f32";
    SmallVector<math::Exp2Op> ops;
    module.walk([&](math::Exp2Op op) {
      if (getElementTypeOrSelf(op.getType()).isF32())
        ops.push_back(op);
    });
    for (math::Exp2Op op : ops) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Type f32 = b.getF32Type();
      auto ex2 = [&](ArrayRef<Value> x) -> Value {
        return LLVM::CallIntrinsicOp::create(
                   b, loc, f32, b.getStringAttr(intrinsic),
                   x)
            .getResult(0);
      };
      // (Anything but a scalar or a rank-1 vector stays llvm.exp2.)
      FailureOr<Value> result = perElement(b, op, ex2);
      if (failed(result))
        continue;
      op.getResult().replaceAllUsesWith(*result);
      op.erase();
    }
  }

  LogicalResult lowerToLLVM(ModuleOp module) {
    MLIRContext *ctx = &getContext();
    // fp8 conversions: integer arithmetic (NVPTX has no fp8 types).
    if (failed(float8::checkArithmetic(module, "convert-gir-to-llvm")))
      return failure();
    float8::expandCasts(module);
    if (failed(lowerMathToLibdevice(module)))
      return failure();
    lowerExp2(module);
    scalarizeMaskExtracts(module);
    {
      RewritePatternSet patterns(ctx);
      populateSCFToControlFlowConversionPatterns(patterns);
      ConversionTarget target(*ctx);
      target.addIllegalDialect<scf::SCFDialect>();
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return failure();
    }
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    populateVectorToLLVMConversionPatterns(converter, patterns);
    populateVectorBuildPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*ctx);
    target.addLegalDialect<NVVM::NVVMDialect>();
    target.addLegalOp<ModuleOp>();
    // Functions marked no_inline (the front end's noinline=True) stay
    // calls in LLVM too: func-to-llvm does not carry the marker over.
    SmallVector<std::string> noInline;
    module.walk([&](func::FuncOp fn) {
      if (fn->hasAttr("no_inline"))
        noInline.push_back(fn.getSymName().str());
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
    // LLVM has no f8: the module moves such values as their bytes.
    conversion::useIntegerStorage(module);
    for (const std::string &name : noInline)
      if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
        fn.setNoInline(true);
    return success();
  }
};

} // namespace
