//===- NVPTXCodegen.cpp - LLVM IR to PTX with LLVM's NVPTX back end -------===//
#include "trident/Target/NVIDIA/NVIDIA.h"
#include "trident/Support/Guard.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"
#include "llvm/Transforms/Scalar/SeparateConstOffsetFromGEP.h"

#include <mutex>

// Only the NVPTX target is initialized (the core also carries AMDGPU and X86
// code generators, which their own back ends initialize).
extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace llvm;

namespace trident::nvidia {

namespace {

constexpr const char *kTriple = "nvptx64-nvidia-cuda";

void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

/// Vectors up to this many elements are left to NVPTX (what tiles of
/// common sizes give a thread; their code is as tuned); wider ones are
/// scalarized first.
constexpr unsigned kMaxVectorElements = 128;

/// Whether an instruction of `module` makes a vector wider than
/// kMaxVectorElements.
bool hasWideVectors(Module &module) {
  for (Function &f : module)
    for (Instruction &i : instructions(f))
      if (auto *v = dyn_cast<FixedVectorType>(i.getType()))
        if (v->getNumElements() > kMaxVectorElements)
          return true;
  return false;
}

/// Runs the new pass manager's default pipeline at `level` over `module`,
/// after LLVM's scalarizer where a thread's vectors are wide.
///
/// A tile becomes one vector per thread (convert-gir-to-llvm), hundreds of
/// elements wide for large tiles; NVPTX has registers for scalars (and
/// v2/v4 accesses), so a wide vector would reach instruction selection
/// whole, where splitting it takes time quadratic in its width (9 of the
/// 14 s that a 65,536-element vector add took). Scalarized first, the
/// optimizer and the code generator see scalar code, in time linear in
/// elements per thread; the vector loads and stores that the lowering
/// emitted stay vectors (the scalarizer leaves memory accesses alone).
/// Modules without wide vectors are left as they are (scalarized, the
/// generic bf16 matmul on sm_80 spilled registers).
void optimize(Module &module, TargetMachine &tm, OptimizationLevel level) {
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  // The constructor lets the target add its passes (NVVMReflect, address
  // space inference, ...) through registerPassBuilderCallbacks.
  PassBuilder pb(&tm, PipelineTuningOptions());
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  ModulePassManager mpm;
  if (hasWideVectors(module))
    mpm.addPass(createModuleToFunctionPassAdaptor(ScalarizerPass()));
  if (level == OptimizationLevel::O0) {
    mpm.addPass(pb.buildO0DefaultPipeline(level));
  } else {
    mpm.addPass(pb.buildPerModuleDefaultPipeline(level));
    // A thread's addresses into one tile, as a common base plus constant
    // offsets (merged): NVPTX's straight-line strength reduction, which
    // compares the address computations that share a base pairwise, then
    // has one of them instead of one per element.
    FunctionPassManager addresses;
    addresses.addPass(SeparateConstOffsetFromGEPPass());
    addresses.addPass(EarlyCSEPass());
    mpm.addPass(createModuleToFunctionPassAdaptor(std::move(addresses)));
  }
  mpm.run(module, mam);
}

/// Collects error diagnostics of an LLVMContext while it lives (the
/// default handler prints them and exits the process), restoring the
/// context's own handler afterwards.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(LLVMContext &ctx) : ctx(ctx) {
    previous = ctx.getDiagnosticHandler();
    struct Handler : DiagnosticHandler {
      std::string *errors;
      explicit Handler(std::string *errors) : errors(errors) {}
      bool handleDiagnostics(const DiagnosticInfo &info) override {
        if (info.getSeverity() != DS_Error)
          return true; // warnings and remarks are dropped
        raw_string_ostream os(*errors);
        DiagnosticPrinterRawOStream printer(os);
        if (!errors->empty())
          os << "\n";
        info.print(printer);
        return true;
      }
    };
    ctx.setDiagnosticHandler(std::make_unique<Handler>(&errors));
  }
  ~DiagnosticCapture() { ctx.setDiagnosticHandler(std::move(previous)); }
  std::string errors;

private:
  LLVMContext &ctx;
  std::unique_ptr<DiagnosticHandler> previous;
};

/// Runs `fn` so that an LLVM fatal error inside it (report_fatal_error:
/// an intrinsic NVPTX cannot select, say), which would print and exit the
/// process, returns its message instead; so does a crash or running out of
/// memory.
std::optional<std::string> runCatchingFatalErrors(function_ref<void()> fn) {
  GuardFailure failure;
  if (runGuarded(fn, &failure))
    return std::nullopt;
  if (failure.kind == GuardFailure::Kind::FatalError)
    return failure.reason;
  return "it failed: " + failure.summary();
}

/// CUDA's libdevice bitcode: $TRIDENT_LIBDEVICE, else the one of the CUDA
/// toolkit whose ptxas Trident runs, else /usr/local/cuda's.
Expected<std::string> findLibdevice() {
  if (const char *env = std::getenv("TRIDENT_LIBDEVICE"); env && *env) {
    if (!sys::fs::exists(env))
      return createStringError(Twine("TRIDENT_LIBDEVICE=") + env +
                               " does not exist");
    return std::string(env);
  }
  SmallVector<std::string> candidates;
  if (Expected<std::string> ptxas = findPtxas()) {
    SmallString<256> p(sys::path::parent_path(sys::path::parent_path(*ptxas)));
    sys::path::append(p, "nvvm", "libdevice", "libdevice.10.bc");
    candidates.push_back(std::string(p));
  } else {
    consumeError(ptxas.takeError());
  }
  candidates.push_back("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");
  for (const std::string &c : candidates)
    if (sys::fs::exists(c))
      return c;
  return createStringError(
      "the kernel calls CUDA's libdevice (math functions such as log or sin)"
      " but libdevice.10.bc was not found: set TRIDENT_LIBDEVICE to its "
      "path or install the CUDA toolkit in /usr/local/cuda");
}

/// Links the bitcode files listed in the module's `trident.extern_libs`
/// (tir.extern_elementwise's `lib`) into it, only what is used.
Error linkExternLibraries(Module &module) {
  NamedMDNode *md = module.getNamedMetadata("trident.extern_libs");
  if (!md)
    return Error::success();
  SmallVector<std::string> paths;
  for (MDNode *node : md->operands())
    if (node->getNumOperands() == 1)
      if (auto *s = dyn_cast<MDString>(node->getOperand(0)))
        paths.push_back(s->getString().str());
  md->eraseFromParent();
  for (const std::string &path : paths) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
    if (!buffer)
      return createStringError("cannot read the bitcode library " + path +
                               " (of a tir.extern_elementwise): " +
                               buffer.getError().message());
    Expected<std::unique_ptr<Module>> lib =
        parseBitcodeFile((*buffer)->getMemBufferRef(), module.getContext());
    if (!lib)
      return createStringError("cannot load the bitcode library " + path +
                               ": " + toString(lib.takeError()));
    (*lib)->setTargetTriple(module.getTargetTriple());
    (*lib)->setDataLayout(module.getDataLayout());
    if (Linker::linkModules(module, std::move(*lib),
                            Linker::Flags::LinkOnlyNeeded))
      return createStringError("linking the bitcode library " + path +
                               " failed");
  }
  return Error::success();
}

/// Links the libdevice functions (`__nv_*`) that `module` declares into it,
/// internal so that they inline and vanish; libdevice's __nvvm_reflect
/// queries are answered by NVPTX's NVVMReflect pass (denormals kept).
Error linkLibdevice(Module &module) {
  bool needed = llvm::any_of(module.functions(), [](Function &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (!needed)
    return Error::success();
  // The file is read once per process; each module gets its own lazily
  // materialized copy, so only the functions used are parsed.
  static std::mutex mutex;
  static std::unique_ptr<MemoryBuffer> bitcode;
  static std::string bitcodePath;
  MemoryBufferRef ref;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!bitcode) {
      Expected<std::string> path = findLibdevice();
      if (!path)
        return path.takeError();
      ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
          MemoryBuffer::getFile(*path);
      if (!buffer)
        return createStringError("cannot read " + *path + ": " +
                                 buffer.getError().message());
      bitcode = std::move(*buffer);
      bitcodePath = *path;
    }
    ref = bitcode->getMemBufferRef();
  }
  Expected<std::unique_ptr<Module>> lib =
      getLazyBitcodeModule(ref, module.getContext());
  if (!lib)
    return createStringError("cannot load " + bitcodePath + ": " +
                             toString(lib.takeError()));
  (*lib)->setTargetTriple(module.getTargetTriple());
  (*lib)->setDataLayout(module.getDataLayout());
  if (Linker::linkModules(module, std::move(*lib),
                          Linker::Flags::LinkOnlyNeeded))
    return createStringError("linking " + bitcodePath + " failed");
  for (Function &f : module.functions()) {
    if (!f.getName().starts_with("__nv_"))
      continue;
    if (f.isDeclaration())
      return createStringError("the kernel calls '" + f.getName() +
                               "', which " + bitcodePath +
                               " does not define (a misspelled libdevice "
                               "function?)");
    f.setLinkage(GlobalValue::InternalLinkage);
  }
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(Module::Override, "nvvm-reflect-ftz", uint32_t(0));
  return Error::success();
}

} // namespace

Expected<std::string> compileToPTX(Module &module, const PTXOptions &options) {
  initializeNVPTX();
  if (options.optLevel > 3)
    return createStringError("optimization level must be 0..3, not " +
                             Twine(options.optLevel));
  Triple triple(kTriple);
  std::string error;
  const llvm::Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError("NVPTX target unavailable: " + error);

  std::string features = "+ptx" + std::to_string(options.ptxVersion);
  {
    std::unique_ptr<MCSubtargetInfo> sti(
        target->createMCSubtargetInfo(triple, "", ""));
    if (!sti || !sti->isCPUStringValid(options.arch))
      return createStringError("unknown CUDA architecture '" + options.arch +
                               "' (expected sm_XX, e.g. sm_80 or sm_90a)");
    bool known = false;
    for (const SubtargetFeatureKV &f : sti->getAllProcessorFeatures())
      known |= StringRef(f.Key) == StringRef(features).drop_front();
    if (!known)
      return createStringError("PTX ISA version " + Twine(options.ptxVersion) +
                               " is unknown to this LLVM (e.g. 86 for 8.6)");
  }

  TargetOptions targetOptions;
  // Fuse a*b+c into fma, as nvcc does by default (unless asked not to).
  targetOptions.AllowFPOpFusion =
      options.fpFusion ? FPOpFusion::Fast : FPOpFusion::Strict;
  CodeGenOptLevel cgLevel = options.optLevel == 0   ? CodeGenOptLevel::None
                            : options.optLevel == 1 ? CodeGenOptLevel::Less
                            : options.optLevel == 2 ? CodeGenOptLevel::Default
                                                    : CodeGenOptLevel::Aggressive;
  std::unique_ptr<TargetMachine> tm(target->createTargetMachine(
      triple, options.arch, features, targetOptions, Reloc::PIC_, std::nullopt,
      cgLevel));
  if (!tm)
    return createStringError("cannot create an NVPTX target machine for " +
                             options.arch);

  module.setTargetTriple(triple);
  module.setDataLayout(tm->createDataLayout());
  if (Error err = linkExternLibraries(module))
    return std::move(err);
  if (Error err = linkLibdevice(module))
    return std::move(err);
  {
    std::string problems;
    raw_string_ostream os(problems);
    if (verifyModule(module, &os))
      return createStringError("the LLVM IR of '" + module.getName() +
                               "' is invalid:\n" + StringRef(problems).rtrim());
  }

  static const OptimizationLevel levels[] = {
      OptimizationLevel::O0, OptimizationLevel::O1, OptimizationLevel::O2,
      OptimizationLevel::O3};
  SmallString<0> ptx;
  raw_svector_ostream os(ptx);
  legacy::PassManager codegen;
  if (tm->addPassesToEmitFile(codegen, os, nullptr,
                              CodeGenFileType::AssemblyFile))
    return createStringError("the NVPTX target cannot emit PTX");
  DiagnosticCapture diagnostics(module.getContext());
  std::optional<std::string> fatal = runCatchingFatalErrors([&] {
    optimize(module, *tm, levels[options.optLevel]);
    codegen.run(module);
  });
  if (fatal || !diagnostics.errors.empty()) {
    std::string why = diagnostics.errors;
    if (fatal)
      why += (why.empty() ? "" : "\n") + *fatal;
    return createStringError("NVPTX code generation failed for " + options.arch +
                             ":\n" + why);
  }
  return std::string(ptx.str());
}

} // namespace trident::nvidia
