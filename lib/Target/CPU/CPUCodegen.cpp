//===- CPUCodegen.cpp - LLVM IR and object code for the host --------------===//
#include "../LLVMTypeCheck.h"
#include "trident/Target/CPU/CPU.h"
#include "trident/Pipeline/Target.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace llvm;

namespace trident::cpu {

namespace {
void initializeX86() {
  static std::once_flag once;
  std::call_once(once, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
    // Inline assembly (tir.inline_asm_elementwise) is parsed when the
    // object is emitted.
    InitializeNativeTargetAsmParser();
  });
}

CodeGenOptLevel codeGenLevel(unsigned optLevel) {
  return optLevel == 0   ? CodeGenOptLevel::None
         : optLevel == 1 ? CodeGenOptLevel::Less
         : optLevel == 2 ? CodeGenOptLevel::Default
                         : CodeGenOptLevel::Aggressive;
}
} // namespace

Expected<std::unique_ptr<TargetMachine>>
createTargetMachine(const Target &target, unsigned optLevel) {
  if (target.kind != "cpu")
    return createStringError("target " + target.str() + " is not a CPU target");
  if (optLevel > 3)
    return createStringError("optimization level must be 0..3, not " +
                             Twine(optLevel));
  initializeX86();
  Triple triple(sys::getProcessTriple());
  if (triple.getArch() != Triple::x86_64)
    return createStringError("the cpu target needs an x86-64 host; this one "
                             "is " + triple.str());
  std::string cpuName = "x86-64";
  std::string features;
  if (target.arch == "native") {
    cpuName = sys::getHostCPUName().str();
    SmallVector<std::string> list;
    for (const auto &f : sys::getHostCPUFeatures())
      list.push_back((f.second ? "+" : "-") + f.first().str());
    llvm::sort(list);
    features = join(list, ",");
  } else if (target.arch != "x86-64") {
    return createStringError("unknown CPU architecture '" + target.arch +
                             "' (known: native, x86-64)");
  }
  std::string error;
  const llvm::Target *t = TargetRegistry::lookupTarget(triple, error);
  if (!t)
    return createStringError("no LLVM target for " + triple.str() + ": " +
                             error);
  TargetOptions options;
  // Products and sums that the IR marks `contract` (dots) become FMAs.
  options.AllowFPOpFusion = FPOpFusion::Standard;
  std::unique_ptr<TargetMachine> tm(t->createTargetMachine(
      triple, cpuName, features, options, Reloc::PIC_, std::nullopt,
      codeGenLevel(optLevel)));
  if (!tm)
    return createStringError("cannot create a target machine for " +
                             triple.str() + " (" + cpuName + ")");
  return tm;
}

Expected<std::unique_ptr<Module>>
translateToLLVMIR(mlir::ModuleOp module, LLVMContext &llvmContext,
                  TargetMachine &tm, KernelInfo &info) {
  auto str = [&](StringRef name) -> std::string {
    if (auto s = module->getAttrOfType<mlir::StringAttr>(name))
      return s.str();
    return "";
  };
  info.name = str("trident.cpu.kernel");
  info.entry = str("trident.cpu.entry");
  auto args = module->getAttrOfType<mlir::ArrayAttr>("trident.cpu.arg_types");
  if (info.name.empty() || info.entry.empty() || !args)
    return createStringError(
        "no CPU kernel in the module: expected the module attributes "
        "trident.cpu.kernel, trident.cpu.entry and trident.cpu.arg_types "
        "that convert-tir-to-cpu sets");
  info.args.clear();
  for (mlir::Attribute a : args) {
    auto s = dyn_cast<mlir::StringAttr>(a);
    if (!s)
      return createStringError("trident.cpu.arg_types must hold strings");
    info.args.push_back(s.str());
  }
  info.boundsChecked = module->hasAttr("trident.cpu.bounds_check");
  info.triple = tm.getTargetTriple().str();
  info.cpu = tm.getTargetCPU().str();
  info.features = tm.getTargetFeatureString().str();

  if (Error err = checkLLVMTranslatable(module))
    return std::move(err);
  std::string diagnostics;
  std::unique_ptr<Module> out;
  {
    mlir::ScopedDiagnosticHandler handler(
        module.getContext(), [&](mlir::Diagnostic &d) {
          llvm::raw_string_ostream os(diagnostics);
          if (!diagnostics.empty())
            os << "\n";
          os << d.getLocation() << ": " << d.str();
          return mlir::success();
        });
    out = mlir::translateModuleToLLVMIR(module, llvmContext, info.name);
  }
  if (!out)
    return createStringError(
        "cannot translate the module to LLVM IR (is it all in the llvm "
        "dialect?)" +
        (diagnostics.empty() ? std::string() : ":\n" + diagnostics));
  out->setTargetTriple(tm.getTargetTriple());
  out->setDataLayout(tm.createDataLayout());
  if (!out->getFunction(info.entry))
    return createStringError("the module has no function '" + info.entry +
                             "' (the kernel's grid entry)");
  return out;
}

Error optimizeModule(Module &module, TargetMachine &tm, unsigned optLevel) {
  std::string problems;
  raw_string_ostream os(problems);
  if (verifyModule(module, &os))
    return createStringError("the LLVM IR does not verify:\n" +
                             StringRef(problems).rtrim());
  OptimizationLevel level = optLevel == 0   ? OptimizationLevel::O0
                            : optLevel == 1 ? OptimizationLevel::O1
                            : optLevel == 2 ? OptimizationLevel::O2
                                            : OptimizationLevel::O3;
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PipelineTuningOptions tuning;
  tuning.LoopVectorization = optLevel > 1;
  tuning.SLPVectorization = optLevel > 1;
  PassBuilder pb(&tm, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  ModulePassManager mpm = level == OptimizationLevel::O0
                              ? pb.buildO0DefaultPipeline(level)
                              : pb.buildPerModuleDefaultPipeline(level);
  mpm.run(module, mam);
  return Error::success();
}

Expected<std::string> emitObject(Module &module, TargetMachine &tm) {
  module.setDataLayout(tm.createDataLayout());
  module.setTargetTriple(tm.getTargetTriple());
  SmallString<0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, CodeGenFileType::ObjectFile))
    return createStringError("the target machine cannot emit object files");
  pm.run(module);
  return std::string(buffer.str());
}

} // namespace trident::cpu
