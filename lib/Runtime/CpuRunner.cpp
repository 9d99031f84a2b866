//===- CpuRunner.cpp - Run CPU kernels through LLVM ORC -------------------===//
#include "trident/Runtime/CpuRunner.h"
#include "trident/Runtime/CpuLibdevice.h"

#include "CpuBoundsCheck.h"
#include "CpuFaultGuard.h"
#include "CpuTasks.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/JITLink/JITLink.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <mutex>

using namespace llvm;

namespace trident::cpu {

namespace {
/// The first failed tir.assert of the running launch (see
/// convert-tir-to-cpu): kernels call the hook below, the launch reports it.
struct AssertState {
  std::mutex mutex;
  std::atomic<bool> failed{false};
  std::string message;
} assertState;

extern "C" void tridentCpuAssertFail(const char *message, const char *file,
                                     int32_t line, int32_t x, int32_t y,
                                     int32_t z) {
  std::lock_guard<std::mutex> lock(assertState.mutex);
  if (assertState.failed)
    return;
  assertState.message = (Twine(file) + ":" + Twine(line) +
                         ": assertion failed in program (" + Twine(x) + ", " +
                         Twine(y) + ", " + Twine(z) + "): " + message)
                            .str();
  assertState.failed = true;
}
} // namespace

void reportKernelError(const std::string &message) {
  std::lock_guard<std::mutex> lock(assertState.mutex);
  if (assertState.failed)
    return;
  assertState.message = message;
  assertState.failed = true;
}

namespace {
/// With TRIDENT_PERF_MAP set, every function the JIT links is appended to
/// /tmp/perf-<pid>.map ("address size name", perf's format for JIT code), so
/// that `perf record` / `perf report` name the kernels' code.
class PerfMapPlugin : public orc::ObjectLinkingLayer::Plugin {
public:
  void modifyPassConfig(orc::MaterializationResponsibility &,
                        jitlink::LinkGraph &,
                        jitlink::PassConfiguration &config) override {
    config.PostFixupPasses.push_back([](jitlink::LinkGraph &graph) -> Error {
      static std::mutex mutex;
      std::lock_guard<std::mutex> lock(mutex);
      std::string path =
          "/tmp/perf-" + std::to_string(sys::Process::getProcessId()) + ".map";
      std::error_code ec;
      raw_fd_ostream os(path, ec, sys::fs::OF_Append | sys::fs::OF_Text);
      if (ec) // a profiling aid: the kernel still runs
        return Error::success();
      for (jitlink::Symbol *sym : graph.defined_symbols())
        if (sym->hasName() && sym->isCallable() && sym->getSize() > 0)
          os << format_hex_no_prefix(sym->getAddress().getValue(), 1) << ' '
             << format_hex_no_prefix(sym->getSize(), 1) << ' '
             << *sym->getName() << '\n';
      return Error::success();
    });
  }
  Error notifyFailed(orc::MaterializationResponsibility &) override {
    return Error::success();
  }
  Error notifyRemovingResources(orc::JITDylib &, orc::ResourceKey) override {
    return Error::success();
  }
  void notifyTransferringResources(orc::JITDylib &, orc::ResourceKey,
                                   orc::ResourceKey) override {}
};
} // namespace

CpuKernel::~CpuKernel() = default;

char LaunchInterrupted::ID;

void LaunchInterrupted::log(raw_ostream &os) const {
  os << "kernel '" << kernel << "': the launch was interrupted (SIGINT); "
     << "program (" << x << ", " << y << ", " << z
     << ") and the others still running were stopped, those not started "
        "did not run";
}

/// float -> bf16, rounding to nearest even (NaN stays a quiet NaN), with the
/// calling convention of compiler-rt's __truncsfbf2 (bf16 in an SSE
/// register).
static __bf16 tridentTruncSFBF2(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  uint16_t h = (u & 0x7fffffff) > 0x7f800000
                   ? uint16_t((u >> 16) | 0x40)
                   : uint16_t((u + 0x7fff + ((u >> 16) & 1)) >> 16);
  __bf16 out;
  std::memcpy(&out, &h, 2);
  return out;
}

/// double -> bf16 through float (double rounding; kernels convert from
/// f32 in practice).
static __bf16 tridentTruncDFBF2(double d) {
  return tridentTruncSFBF2(static_cast<float>(d));
}

/// fp16 conversions that LLVM leaves to compiler-rt where the CPU has no
/// instruction for them (double -> fp16 always; float <-> fp16 without
/// F16C): this process need not have loaded a libgcc that defines them.
/// The compiler implements the casts (rounding to nearest even).
static _Float16 tridentTruncDFHF2(double d) { return static_cast<_Float16>(d); }
static _Float16 tridentTruncSFHF2(float f) { return static_cast<_Float16>(f); }
static float tridentExtendHFSF2(_Float16 h) { return static_cast<float>(h); }

Expected<std::unique_ptr<CpuKernel>> CpuKernel::load(const Artifact &artifact,
                                                     unsigned optLevel) {
  if (artifact.format != "ll" && artifact.format != "obj")
    return createStringError("the CPU runner loads LLVM IR ('ll', from stage "
                             "llir) or an object file ('obj', from stage obj), "
                             "not '" + artifact.format + "'");
  if (optLevel > 3)
    return createStringError("optimization level must be 0..3, not " +
                             Twine(optLevel));
  Expected<KernelInfo> info = kernelInfoFromJSON(artifact.metadata);
  if (!info)
    return info.takeError();
  static std::once_flag once;
  std::call_once(once, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
    // Inline assembly (tir.inline_asm_elementwise) is parsed when the
    // object is emitted.
    InitializeNativeTargetAsmParser();
  });

  orc::JITTargetMachineBuilder jtmb{Triple(info->triple)};
  jtmb.setCPU(info->cpu);
  SmallVector<StringRef> features;
  StringRef(info->features).split(features, ',', -1, /*KeepEmpty=*/false);
  std::vector<std::string> featureList;
  for (StringRef f : features)
    featureList.push_back(f.str());
  jtmb.addFeatures(featureList);
  jtmb.setCodeGenOptLevel(optLevel == 0   ? CodeGenOptLevel::None
                          : optLevel == 1 ? CodeGenOptLevel::Less
                          : optLevel == 2 ? CodeGenOptLevel::Default
                                          : CodeGenOptLevel::Aggressive);
  jtmb.getOptions().AllowFPOpFusion = FPOpFusion::Standard;
  auto tm = jtmb.createTargetMachine();
  if (!tm)
    return tm.takeError();

  auto jit = orc::LLJITBuilder().setJITTargetMachineBuilder(jtmb).create();
  if (!jit)
    return jit.takeError();
  if (sys::Process::GetEnv("TRIDENT_PERF_MAP"))
    if (auto *linker =
            dyn_cast<orc::ObjectLinkingLayer>(&(*jit)->getObjLinkingLayer()))
      linker->addPlugin(std::make_shared<PerfMapPlugin>());
  // The runtime's hooks; everything else (printf, malloc, libm) comes from
  // the process.
  orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  orc::MangleAndInterner mangle(dylib.getExecutionSession(),
                                (*jit)->getDataLayout());
  auto callable = JITSymbolFlags::Exported | JITSymbolFlags::Callable;
  if (Error e = dylib.define(orc::absoluteSymbols(
          {{mangle("__trident_cpu_assert_fail"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuAssertFail), callable}},
           {mangle("__trident_cpu_check_access"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuCheckAccess), callable}},
           // Warp-specialized regions and the barriers between them.
           {mangle("__trident_cpu_task_start"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuTaskStart), callable}},
           {mangle("__trident_cpu_task_join"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuTaskJoin), callable}},
           {mangle("__trident_cpu_mbarrier_init"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuMbarrierInit), callable}},
           {mangle("__trident_cpu_mbarrier_arrive"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuMbarrierArrive), callable}},
           {mangle("__trident_cpu_mbarrier_expect_tx"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuMbarrierExpectTx), callable}},
           {mangle("__trident_cpu_mbarrier_complete_tx"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuMbarrierCompleteTx),
             callable}},
           {mangle("__trident_cpu_mbarrier_wait"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuMbarrierWait), callable}},
           {mangle("__trident_cpu_named_barrier"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuNamedBarrier), callable}},
           {mangle("__trident_cpu_scratch_alloc"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuScratchAlloc), callable}},
           {mangle("__trident_cpu_scratch_free"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuScratchFree), callable}},
           {mangle("__trident_cpu_reduce_lock"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuReduceLock), callable}},
           {mangle("__trident_cpu_reduce_unlock"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuReduceUnlock), callable}},
           // SIGINT: the flag loops read, the call that ends the program.
           {mangle("__trident_cpu_interrupt"),
            {orc::ExecutorAddr::fromPtr(&interruptFlag()),
             JITSymbolFlags::Exported}},
           {mangle("__trident_cpu_interrupted"),
            {orc::ExecutorAddr::fromPtr(&tridentCpuInterrupted), callable}},
           // bf16 conversions that LLVM leaves to compiler-rt on CPUs
           // without bf16 instructions (a bf16 constant, say), which this
           // process's libgcc may not have.
           {mangle("__truncsfbf2"),
            {orc::ExecutorAddr::fromPtr(&tridentTruncSFBF2), callable}},
           {mangle("__truncdfbf2"),
            {orc::ExecutorAddr::fromPtr(&tridentTruncDFBF2), callable}},
           {mangle("__truncdfhf2"),
            {orc::ExecutorAddr::fromPtr(&tridentTruncDFHF2), callable}},
           {mangle("__truncsfhf2"),
            {orc::ExecutorAddr::fromPtr(&tridentTruncSFHF2), callable}},
           {mangle("__extendhfsf2"),
            {orc::ExecutorAddr::fromPtr(&tridentExtendHFSF2), callable}}})))
    return std::move(e);
  // libdevice's functions (tir.extern_elementwise of `__nv_*` symbols).
  orc::SymbolMap libdevice;
  for (const LibdeviceFunction &f : libdeviceFunctions())
    libdevice[mangle(f.name)] = {orc::ExecutorAddr::fromPtr(f.address),
                                 callable};
  if (Error e = dylib.define(orc::absoluteSymbols(std::move(libdevice))))
    return std::move(e);

  if (artifact.format == "ll") {
    auto context = std::make_unique<LLVMContext>();
    auto parsed = parseLLVMIRArtifact(artifact, *context);
    if (!parsed)
      return parsed.takeError();
    std::unique_ptr<Module> module = std::move(*parsed);
    module->setDataLayout((*jit)->getDataLayout());
    if (Error e = optimizeModule(*module, **tm, optLevel))
      return std::move(e);
    if (Error e = (*jit)->addIRModule(
            orc::ThreadSafeModule(std::move(module), std::move(context))))
      return std::move(e);
  } else {
    if (Error e = (*jit)->addObjectFile(MemoryBuffer::getMemBufferCopy(
            artifact.data, info->name + ".o")))
      return std::move(e);
  }
  auto address = (*jit)->lookup(info->entry);
  if (!address)
    return joinErrors(createStringError("cannot link the kernel's grid "
                                        "entry '" + info->entry + "'"),
                      address.takeError());

  std::unique_ptr<CpuKernel> kernel(new CpuKernel());
  kernel->kernelInfo = std::move(*info);
  kernel->jit = std::move(*jit);
  kernel->entry = address->toPtr<EntryFn>();
  return kernel;
}

/// One pool of `threads` workers per process, kept across launches (a
/// launch waits for its own task group only, so launches from several
/// threads may share it).
static ThreadPoolInterface &poolFor(unsigned threads) {
  static std::mutex mutex;
  static std::map<unsigned, std::unique_ptr<StdThreadPool>> pools;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<StdThreadPool> &pool = pools[threads];
  if (!pool)
    pool = std::make_unique<StdThreadPool>(hardware_concurrency(threads));
  return *pool;
}

/// "invalid memory access at 0x10" and the like, for a fault's report.
static std::string describeFault(const ProgramFault &fault) {
  std::string at = " at 0x" + utohexstr(fault.address, /*LowerCase=*/true);
  switch (fault.signal) {
  case SIGSEGV:
    if (fault.code == SI_KERNEL) // a general protection fault: no address
      return "invalid memory access (a non-canonical address, outside the "
             "address space)";
    return "invalid memory access" + at;
  case SIGBUS:
    return "bus error (a misaligned or unbacked access)" + at;
  case SIGFPE:
    return "arithmetic trap (an integer division by zero or overflow)" + at;
  case SIGILL:
    return "illegal instruction" + at;
  default:
    return "signal " + std::to_string(fault.signal) + at;
  }
}

Error CpuKernel::checkLaunch(ArrayRef<void *> args,
                             std::array<unsigned, 3> grid,
                             const LaunchOptions &options) const {
  if (args.size() != kernelInfo.args.size())
    return createStringError("kernel '" + kernelInfo.name + "' takes " +
                             Twine(kernelInfo.args.size()) +
                             " arguments (" + join(kernelInfo.args, ", ") +
                             "), but " + Twine(args.size()) + " were given");
  for (auto [i, a] : llvm::enumerate(args))
    if (!a)
      return createStringError("kernel '" + kernelInfo.name + "': argument " +
                               Twine(i) + " is a null pointer (each entry "
                               "points at the argument's value)");
  for (unsigned g : grid)
    if (g == 0 || g > unsigned(INT32_MAX))
      return createStringError("grid dimensions must be in 1.." +
                               Twine(INT32_MAX) + ", got " + Twine(grid[0]) +
                               "x" + Twine(grid[1]) + "x" + Twine(grid[2]));
  if (kernelInfo.boundsChecked && options.buffers.empty() &&
      llvm::is_contained(kernelInfo.args, "ptr"))
    return createStringError(
        "kernel '" + kernelInfo.name +
        "' was compiled with bounds checks (cpu-bounds-check): the launch "
        "must give the extent of each buffer it may access "
        "(LaunchOptions::buffers)");
  return Error::success();
}

Error CpuKernel::launch(ArrayRef<void *> args, std::array<unsigned, 3> grid,
                        const LaunchOptions &options) {
  if (Error e = checkLaunch(args, grid, options))
    return e;
  int64_t total = int64_t(grid[0]) * grid[1] * grid[2];
  void **argv = const_cast<void **>(args.data());
  int32_t nx = grid[0], ny = grid[1], nz = grid[2];
  unsigned threads = options.numThreads
                         ? options.numThreads
                         : hardware_concurrency().compute_thread_count();
  {
    std::lock_guard<std::mutex> lock(assertState.mutex);
    assertState.failed = false;
    assertState.message.clear();
  }
  std::optional<BoundsChecker> checker;
  if (kernelInfo.boundsChecked)
    checker.emplace(options.buffers, grid);
  // Each range of program instances runs under the fault guard; the first
  // fault (or bounds violation) stops the others before their next program
  // instance.
  installFaultHandlers();
  InterruptibleLaunch interruptible;
  std::atomic<bool> stop{false};
  std::mutex faultMutex;
  std::optional<ProgramFault> firstFault;
  EntryFn fn = entry;
  auto runRange = [&](int64_t begin, int64_t end) {
    BoundsChecker::bind(checker ? &*checker : nullptr);
    ProgramFault fault;
    bool ok = runProgramsGuarded(fn, argv, begin, end, nx, ny, nz, stop, fault);
    BoundsChecker::bind(nullptr);
    if (ok)
      return;
    stop = true;
    std::lock_guard<std::mutex> lock(faultMutex);
    if (!firstFault)
      firstFault = fault;
  };
  if (threads <= 1 || total == 1) {
    runRange(0, total);
  } else {
    // A few chunks per thread, so that uneven program instances balance.
    int64_t chunks = std::min<int64_t>(total, int64_t(threads) * 4);
    int64_t per = (total + chunks - 1) / chunks;
    ThreadPoolTaskGroup group(poolFor(threads));
    for (int64_t begin = 0; begin < total; begin += per) {
      int64_t end = std::min(total, begin + per);
      group.async([&runRange, begin, end] { runRange(begin, end); });
    }
    group.wait();
  }
  // What tir.print wrote comes before what the caller prints next.
  std::fflush(stdout);
  // Ctrl-C first: what was found before it is incomplete.
  if (firstFault && firstFault->signal == SIGINT) {
    int64_t p = firstFault->program;
    return make_error<LaunchInterrupted>(kernelInfo.name, p % nx, p / nx % ny,
                                         p / (int64_t(nx) * ny));
  }
  if (checker)
    if (std::optional<std::string> report = checker->report())
      return createStringError("kernel '" + kernelInfo.name + "': " + *report);
  // A program stopped by a hook (signal 0) has reported why.
  if (firstFault && (firstFault->signal != 0 || !assertState.failed)) {
    int64_t p = firstFault->program;
    return createStringError(
        "kernel '" + kernelInfo.name + "' crashed: " +
        describeFault(*firstFault) + " in program (" + Twine(p % nx) + ", " +
        Twine(p / nx % ny) + ", " + Twine(p / (int64_t(nx) * ny)) + ")" +
        (kernelInfo.boundsChecked
             ? ""
             : " (compile it with bounds checks to find the access: "
               "TRIDENT_CPU_BOUNDS_CHECK=1, or trident-run-cpu "
               "--bounds-check)"));
  }
  std::lock_guard<std::mutex> lock(assertState.mutex);
  if (assertState.failed)
    return createStringError("kernel '" + kernelInfo.name + "': " +
                             assertState.message);
  return Error::success();
}

} // namespace trident::cpu
