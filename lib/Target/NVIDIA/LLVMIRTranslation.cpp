//===- LLVMIRTranslation.cpp - LLVM + NVVM dialects to LLVM IR ------------===//
#include "../LLVMTypeCheck.h"
#include "trident/Target/NVIDIA/NVIDIA.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mlir;

namespace trident::nvidia {

namespace {

constexpr StringLiteral kNumWarps = "trident.num_warps";
constexpr StringLiteral kSharedBytes = "trident.shared_bytes";
constexpr StringLiteral kFpFusion = "trident.fp_fusion";
constexpr StringLiteral kReflectFtz = "trident.reflect_ftz";

bool isKernel(LLVM::LLVMFuncOp f) {
  return f->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()) ||
         f->hasAttr(gpu::GPUDialect::getKernelFuncAttrName());
}

/// An integer attribute `name` of the kernel, else of the module.
std::optional<int64_t> intAttr(Operation *kernel, Operation *module,
                               StringRef name) {
  for (Operation *op : {kernel, module})
    if (auto a = dyn_cast_or_null<IntegerAttr>(op->getAttr(name)))
      return a.getInt();
  return std::nullopt;
}

/// Fills the module-derived part of `meta` from the kernel's attributes.
Error describeKernel(LLVM::LLVMFuncOp kernel, Operation *module,
                     KernelMetadata &meta) {
  meta.name = kernel.getSymName().str();
  auto fail = [&](const Twine &why) {
    return createStringError("kernel '" + meta.name + "': " + why);
  };
  if (std::optional<int64_t> warps = intAttr(kernel, module, kNumWarps)) {
    if (*warps < 1 || *warps > 32)
      return fail(Twine(kNumWarps) + " must be in 1..32, not " +
                  Twine(*warps));
    meta.numWarps = *warps;
  } else {
    // The block size the kernel declares, else Triton's default of 4 warps.
    for (StringRef name : {NVVM::NVVMDialect::getReqntidAttrName(),
                           NVVM::NVVMDialect::getMaxntidAttrName()}) {
      auto dims = dyn_cast_or_null<DenseI32ArrayAttr>(kernel->getAttr(name));
      if (!dims)
        continue;
      int64_t threads = 1;
      for (int32_t d : dims.asArrayRef())
        threads *= d;
      meta.numWarps = std::max<int64_t>(1, (threads + 31) / 32);
      break;
    }
  }
  if (std::optional<int64_t> shared = intAttr(kernel, module, kSharedBytes)) {
    if (*shared < 0)
      return fail(Twine(kSharedBytes) + " must not be negative");
    meta.sharedBytes = *shared;
  }
  if (auto scratch = kernel->getAttrOfType<IntegerAttr>("trident.global_scratch")) {
    if (scratch.getInt() < 0)
      return fail("trident.global_scratch must not be negative");
    meta.globalScratchBytes = scratch.getInt();
  }
  if (mlir::Attribute a = kernel->getAttr("trident.tma_arguments")) {
    auto list = dyn_cast<ArrayAttr>(a);
    if (!list)
      return fail("trident.tma_arguments must be an array");
    for (mlir::Attribute entry : list) {
      auto dict = dyn_cast<DictionaryAttr>(entry);
      auto index = dict ? dict.getAs<IntegerAttr>("index") : IntegerAttr();
      auto dtype = dict ? dict.getAs<StringAttr>("dtype") : StringAttr();
      auto bytes = dict ? dict.getAs<IntegerAttr>("elem_bytes") : IntegerAttr();
      auto block = dict ? dict.getAs<DenseI64ArrayAttr>("block")
                        : DenseI64ArrayAttr();
      auto box =
          dict ? dict.getAs<DenseI64ArrayAttr>("box") : DenseI64ArrayAttr();
      auto swizzle = dict ? dict.getAs<IntegerAttr>("swizzle") : IntegerAttr();
      if (!index || !dtype || !bytes || !block || !box || !swizzle)
        return fail("each trident.tma_arguments entry needs index, dtype, "
                    "elem_bytes, block, box and swizzle");
      TmaArgument arg;
      arg.index = index.getInt();
      arg.dtype = dtype.str();
      arg.elemBytes = bytes.getInt();
      arg.block.assign(block.asArrayRef().begin(), block.asArrayRef().end());
      arg.box.assign(box.asArrayRef().begin(), box.asArrayRef().end());
      arg.swizzle = swizzle.getInt();
      meta.tmaArguments.push_back(std::move(arg));
    }
  }
  if (mlir::Attribute a = module->getAttr(kFpFusion)) {
    auto fusion = dyn_cast<BoolAttr>(a);
    if (!fusion)
      return fail(Twine(kFpFusion) + " must be a boolean");
    meta.fpFusion = fusion.getValue();
  }
  if (mlir::Attribute a = module->getAttr(kReflectFtz); a && !isa<BoolAttr>(a))
    return fail(Twine(kReflectFtz) + " must be a boolean");
  if (mlir::Attribute a =
          kernel->getAttr(NVVM::NVVMDialect::getClusterDimAttrName())) {
    auto dims = dyn_cast<DenseI32ArrayAttr>(a);
    if (!dims || dims.size() < 1 || dims.size() > 3)
      return fail("nvvm.cluster_dim must be an array of 1 to 3 i32");
    for (auto [i, d] : llvm::enumerate(dims.asArrayRef())) {
      if (d < 1)
        return fail("nvvm.cluster_dim entries must be positive");
      meta.cluster[i] = d;
    }
  }
  return Error::success();
}

SmallVector<LLVM::LLVMFuncOp> kernelsIn(Block &body) {
  SmallVector<LLVM::LLVMFuncOp> kernels;
  for (auto f : body.getOps<LLVM::LLVMFuncOp>())
    if (isKernel(f) && !f.isExternal())
      kernels.push_back(f);
  return kernels;
}

} // namespace

Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(ModuleOp module, LLVMContext &llvmContext,
                  KernelMetadata &meta) {
  MLIRContext *ctx = module.getContext();
  // The module to translate: `module` itself, or, when its kernels are
  // inside a gpu.module (which mlir-translate would silently drop), a copy
  // of that gpu.module's body.
  OwningOpRef<ModuleOp> extracted;
  ModuleOp source = module;
  SmallVector<LLVM::LLVMFuncOp> kernels = kernelsIn(*module.getBody());
  if (kernels.empty()) {
    SmallVector<gpu::GPUModuleOp> withKernels;
    for (auto gm : module.getBody()->getOps<gpu::GPUModuleOp>())
      if (!kernelsIn(*gm.getBody()).empty())
        withKernels.push_back(gm);
    if (withKernels.size() > 1)
      return createStringError(
          "the module holds " + Twine(withKernels.size()) +
          " gpu.module ops with kernels; compile one at a time");
    if (withKernels.size() == 1) {
      gpu::GPUModuleOp gm = withKernels.front();
      OpBuilder b(ctx);
      extracted = ModuleOp::create(b, gm.getLoc(), gm.getSymName());
      // Keep the outer module's trident.* and llvm.* attributes (warps,
      // shared memory, data layout).
      for (NamedAttribute a : module->getAttrs())
        if (a.getName().strref().starts_with("trident.") ||
            a.getName().strref().starts_with("llvm."))
          (*extracted)->setAttr(a.getName(), a.getValue());
      b.setInsertionPointToEnd(extracted->getBody());
      for (Operation &op : gm.getBody()->without_terminator())
        b.clone(op);
      source = *extracted;
      kernels = kernelsIn(*source.getBody());
      for (LLVM::LLVMFuncOp k : kernels)
        k->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                   UnitAttr::get(ctx));
    }
  }
  if (kernels.empty())
    return createStringError(
        "no kernel in the module: expected an llvm.func marked nvvm.kernel "
        "(or gpu.kernel inside a gpu.module) with a body");
  if (kernels.size() > 1) {
    SmallVector<std::string> names;
    for (LLVM::LLVMFuncOp k : kernels)
      names.push_back(k.getSymName().str());
    return createStringError("the module holds " + Twine(kernels.size()) +
                             " kernels (" + join(names, ", ") +
                             "); Trident compiles one kernel per module");
  }
  if (Error err = describeKernel(kernels.front(), source, meta))
    return std::move(err);

  if (Error err = checkLLVMTranslatable(source))
    return std::move(err);
  std::string diagnostics;
  std::unique_ptr<llvm::Module> llvmModule;
  {
    ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
      if (!diagnostics.empty())
        diagnostics += "\n";
      llvm::raw_string_ostream os(diagnostics);
      os << diag.getLocation() << ": " << diag;
      return success();
    });
    llvmModule = translateModuleToLLVMIR(source, llvmContext, meta.name);
  }
  if (!llvmModule)
    return createStringError(
        "translation to LLVM IR failed" +
        (diagnostics.empty() ? std::string() : ":\n" + diagnostics));
  // libdevice's flush-to-zero choice (linkLibdevice sets 0 when unset).
  if (auto ftz = source->getAttrOfType<BoolAttr>(kReflectFtz))
    llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                              uint32_t(ftz.getValue()));
  // The bitcode files tir.extern_elementwise calls need (convert-gir-to-llvm
  // lists them): named metadata for the NVPTX step, which links them.
  if (auto libs = module->getAttrOfType<mlir::ArrayAttr>("trident.extern_libs")) {
    llvm::NamedMDNode *md =
        llvmModule->getOrInsertNamedMetadata("trident.extern_libs");
    for (mlir::Attribute lib : libs)
      if (auto path = dyn_cast<mlir::StringAttr>(lib))
        md->addOperand(llvm::MDNode::get(
            llvmContext, llvm::MDString::get(llvmContext, path.getValue())));
  }
  return std::move(llvmModule);
}

} // namespace trident::nvidia
