//===- Registration.cpp - The CPU passes and translation steps ------------===//
#include "trident/Compiler/TranslationStep.h"
#include "trident/Pipeline/Target.h"
#include "trident/Target/CPU/CPU.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

using namespace llvm;

namespace trident::cpu {

json::Value toJSON(const KernelInfo &info) {
  json::Array args;
  for (const std::string &a : info.args)
    args.push_back(a);
  json::Object o{{"target", info.target}, {"triple", info.triple},
                 {"cpu", info.cpu},       {"features", info.features},
                 {"name", info.name},     {"entry", info.entry},
                 {"args", std::move(args)}};
  if (info.boundsChecked)
    o["bounds_check"] = true;
  return o;
}

Expected<KernelInfo> kernelInfoFromJSON(const json::Object &o) {
  KernelInfo info;
  auto str = [&](StringRef key, std::string &out) -> Error {
    std::optional<StringRef> s = o.getString(key);
    if (!s)
      return createStringError("CPU kernel metadata: missing string '" + key +
                               "'");
    out = s->str();
    return Error::success();
  };
  for (auto [key, field] :
       {std::pair<StringRef, std::string *>{"target", &info.target},
        {"triple", &info.triple},
        {"cpu", &info.cpu},
        {"features", &info.features},
        {"name", &info.name},
        {"entry", &info.entry}})
    if (Error e = str(key, *field))
      return std::move(e);
  const json::Array *args = o.getArray("args");
  if (!args)
    return createStringError("CPU kernel metadata: missing array 'args'");
  for (const json::Value &v : *args) {
    std::optional<StringRef> s = v.getAsString();
    if (!s)
      return createStringError("CPU kernel metadata: 'args' must hold strings");
    info.args.push_back(s->str());
  }
  if (const json::Value *v = o.get("bounds_check")) {
    std::optional<bool> b = v->getAsBoolean();
    if (!b)
      return createStringError(
          "CPU kernel metadata: 'bounds_check' must be a boolean");
    info.boundsChecked = *b;
  }
  return info;
}

void registerCPUPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::math::registerMathExtendToSupportedTypes();
    mlir::arith::registerArithExpandOpsPass();
    mlir::registerSCFToControlFlowPass();
    mlir::registerConvertVectorToLLVMPass();
    mlir::registerConvertMathToLLVMPass();
    mlir::registerConvertMathToLibmPass();
    mlir::registerFinalizeMemRefToLLVMConversionPass();
    mlir::registerArithToLLVMConversionPass();
    mlir::registerConvertControlFlowToLLVMPass();
    mlir::registerConvertFuncToLLVMPass();
    mlir::registerUBToLLVMConversionPass();
    mlir::registerReconcileUnrealizedCastsPass();
  });
}

namespace {

Error optLevelOption(StringRef step, StringRef options, unsigned &level) {
  auto parsed = parseStepOptions(step, options, {"opt"});
  if (!parsed)
    return parsed.takeError();
  for (auto &[key, value] : *parsed)
    if (!to_integer(value, level, 10) || level > 3)
      return createStringError("step '" + step + "': option 'opt' must be an "
                               "integer in 0..3, not '" + value + "'");
  return Error::success();
}

Expected<Artifact> translateStep(const StepInput &in) {
  auto options = parseStepOptions("translate-to-llvmir-cpu", in.options, {});
  if (!options)
    return options.takeError();
  auto tm = createTargetMachine(in.target);
  if (!tm)
    return tm.takeError();
  KernelInfo info;
  info.target = in.target.str();
  LLVMContext context;
  auto module = translateToLLVMIR(in.module, context, **tm, info);
  if (!module)
    return module.takeError();
  return llvmIRArtifact(**module, toJSON(info));
}

Expected<Artifact> objectStep(const StepInput &in) {
  unsigned level = 3;
  if (Error e = optLevelOption("llc-cpu", in.options, level))
    return std::move(e);
  auto tm = createTargetMachine(in.target, level);
  if (!tm)
    return tm.takeError();
  LLVMContext context;
  auto parsed = parseLLVMIRArtifact(*in.artifact, context);
  if (!parsed)
    return parsed.takeError();
  std::unique_ptr<Module> module = std::move(*parsed);
  if (Error e = optimizeModule(*module, **tm, level))
    return std::move(e);
  Expected<std::string> object = emitObject(*module, **tm);
  if (!object)
    return object.takeError();
  Artifact out;
  out.format = "obj";
  out.binary = true;
  out.data = std::move(*object);
  out.metadata = in.artifact->metadata;
  return out;
}

} // namespace

void registerCPUTranslationSteps() {
  static std::once_flag once;
  std::call_once(once, [] {
    cantFail(registerTranslationStep(
        {"translate-to-llvmir-cpu",
         "translates the LLVM-dialect CPU kernel to LLVM IR for the target's "
         "CPU",
         "mlir", "ll", translateStep}));
    cantFail(registerTranslationStep(
        {"llc-cpu",
         "optimizes LLVM IR and compiles it to an object file for the "
         "target's CPU (options: opt=<0-3>)",
         "ll", "obj", objectStep}));
  });
}

} // namespace trident::cpu
