//===- Registration.cpp - The NVIDIA dialects, passes and translation steps ===//
#include "trident/Compiler/TranslationStep.h"
#include "trident/Pipeline/Target.h"
#include "trident/Target/NVIDIA/NVIDIA.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace llvm;

namespace trident::nvidia {

void registerNVIDIADialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::gpu::GPUDialect>();
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::registerGPUDialectTranslation(registry);
}

void registerNVIDIAPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerConvertNVVMToLLVMPass();
    mlir::registerReconcileUnrealizedCastsPass();
  });
}

Expected<std::string> smArchOf(const Target &target) {
  if (target.kind != "cuda")
    return createStringError("target " + target.str() +
                             " is not a CUDA target");
  if (target.arch != "90a" && target.arch != "90" && target.arch != "80")
    return createStringError("unknown CUDA architecture '" + target.arch +
                             "' (known: 90a, 90, 80)");
  return "sm_" + target.arch;
}

namespace {

/// Reads `key=<unsigned>` option values.
Error unsignedOption(StringRef step, StringRef key, StringRef value,
                     unsigned max, unsigned &out) {
  if (!to_integer(value, out, 10) || out > max)
    return createStringError("step '" + step + "': option '" + key +
                             "' must be an integer in 0.." + Twine(max) +
                             ", not '" + value + "'");
  return Error::success();
}

json::Object asObject(json::Value v) { return std::move(*v.getAsObject()); }

Expected<Artifact> translateStep(const StepInput &in) {
  auto options = parseStepOptions("translate-to-llvmir", in.options, {});
  if (!options)
    return options.takeError();
  Expected<std::string> arch = smArchOf(in.target);
  if (!arch)
    return arch.takeError();
  KernelMetadata meta;
  meta.target = in.target.str();
  meta.arch = *arch;
  LLVMContext context;
  auto module = translateToLLVMIR(in.module, context, meta);
  if (!module)
    return module.takeError();
  return llvmIRArtifact(**module, toJSON(meta));
}

Expected<Artifact> llcStep(const StepInput &in) {
  StringRef id = "llc-nvptx";
  PTXOptions ptx;
  auto options = parseStepOptions(id, in.options, {"ptx", "opt"});
  if (!options)
    return options.takeError();
  for (auto &[key, value] : *options)
    if (Error e = key == "ptx" ? unsignedOption(id, key, value, 999, ptx.ptxVersion)
                               : unsignedOption(id, key, value, 3, ptx.optLevel))
      return std::move(e);
  Expected<std::string> arch = smArchOf(in.target);
  if (!arch)
    return arch.takeError();
  ptx.arch = *arch;

  // (the translate step records trident.fp_fusion in the metadata)
  if (const json::Value *fusion = in.artifact->metadata.get("fp_fusion"))
    ptx.fpFusion = fusion->getAsBoolean().value_or(true);

  LLVMContext context;
  auto parsed = parseLLVMIRArtifact(*in.artifact, context);
  if (!parsed)
    return parsed.takeError();
  std::unique_ptr<Module> module = std::move(*parsed);
  Expected<std::string> text = compileToPTX(*module, ptx);
  if (!text)
    return text.takeError();
  Artifact out;
  out.format = "ptx";
  out.data = std::move(*text);
  out.metadata = in.artifact->metadata;
  return out;
}

Expected<Artifact> ptxasStep(const StepInput &in) {
  StringRef id = "ptxas";
  unsigned optLevel = 3;
  auto options = parseStepOptions(id, in.options, {"opt"});
  if (!options)
    return options.takeError();
  for (auto &[key, value] : *options)
    if (Error e = unsignedOption(id, key, value, 3, optLevel))
      return std::move(e);
  Expected<std::string> arch = smArchOf(in.target);
  if (!arch)
    return arch.takeError();
  Expected<KernelMetadata> meta =
      metadataFromJSON(json::Value(json::Object(in.artifact->metadata)),
                       "the metadata of the PTX");
  if (!meta)
    return meta.takeError();
  std::vector<std::string> flags;
  if (!meta->fpFusion)
    flags.push_back("--fmad=false");
  Expected<CubinResult> cubin =
      assemblePTX(in.artifact->data, *arch, meta->name, optLevel, flags);
  if (!cubin)
    return cubin.takeError();
  meta->ptxas = cubin->stats;
  Artifact out;
  out.format = "cubin";
  out.binary = true;
  out.data = std::move(cubin->cubin);
  out.log = std::move(cubin->report);
  out.metadata = asObject(toJSON(*meta));
  return out;
}

} // namespace

void registerNVIDIATranslationSteps() {
  static std::once_flag once;
  std::call_once(once, [] {
    cantFail(registerTranslationStep(
        {"translate-to-llvmir",
         "translates the LLVM/NVVM-dialect kernel to LLVM IR", "mlir", "ll",
         translateStep}));
    cantFail(registerTranslationStep(
        {"llc-nvptx", "compiles LLVM IR to PTX with LLVM's NVPTX back end "
                      "(options: ptx=<ISA, e.g. 86> opt=<0-3>)",
         "ll", "ptx", llcStep}));
    cantFail(registerTranslationStep(
        {"ptxas", "assembles PTX into a cubin with ptxas -v, recording "
                  "registers and spills (options: opt=<0-3>)",
         "ptx", "cubin", ptxasStep}));
  });
}

} // namespace trident::nvidia
