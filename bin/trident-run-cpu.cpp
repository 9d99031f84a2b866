//===- trident-run-cpu.cpp - Compile a test kernel for the CPU and check it ===//
//
// Compiles a Tile IR kernel for a cpu target (through stage llir, or obj
// with --stage obj), JIT-loads it in process, fills the inputs of one of the
// named test kernels (Tools/TestProblems.h) with fresh random values
// (outputs with NaN), runs it over the grid on a thread pool and compares
// the output with a float64 reference computed here.
//
//   trident-run-cpu examples/kernels/vector_add.mlir --kernel vector_add \
//       --n 1000000 --grid 977
//
// Exit status: 0 pass, 1 wrong results, 2 anything else (bad arguments, a
// compile or link error, a kernel that crashed or accessed memory out of
// bounds).
//
//===----------------------------------------------------------------------===//
#include "trident/Compiler/ArtifactCache.h"
#include "trident/Compiler/Compiler.h"
#include "trident/Pipeline/PipelineEdit.h"
#include "trident/Plugin/PluginManager.h"
#include "trident/Runtime/CpuRunner.h"
#include "trident/Tools/ProblemOptions.h"
#include "trident/Tools/TestProblems.h"
#include "trident/Tools/ToolSupport.h"
#include "trident/Support/Guard.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;
using namespace trident;
using namespace trident::testing;

namespace {

cl::OptionCategory category("trident-run-cpu options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel.mlir>"),
                               cl::cat(category));
cl::list<std::string> loadPlugin("load-plugin",
                                 cl::desc("Load a Trident plugin (repeatable)"),
                                 cl::value_desc("path"), cl::cat(category));
cl::opt<std::string> kernelKind("kernel", cl::desc("Test kernel (see --help)"),
                                cl::cat(category));
cl::opt<std::string> targetSpec("target",
                                cl::desc("cpu (cpu:native) or cpu:x86-64"),
                                cl::init("cpu"), cl::cat(category));
cl::opt<std::string> pipelineName("pipeline", cl::desc("Named pipeline"),
                                  cl::init("default"), cl::cat(category));
cl::opt<std::string> stageName("stage",
                               cl::desc("Load the output of this stage: llir "
                                        "(LLVM IR, JIT-compiled) or obj"),
                               cl::init("llir"), cl::cat(category));
cl::opt<unsigned> optLevel("opt", cl::desc("LLVM optimization level for llir"),
                           cl::init(3), cl::cat(category));
cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Take the compiled kernel from this artifact cache, or store it "
             "there ('default': $TRIDENT_CACHE_DIR, else ~/.cache/trident; "
             "the GPU path's cache too); a damaged entry, or one that does "
             "not load, is reported, removed and rebuilt"),
    cl::value_desc("dir"), cl::init(""), cl::cat(category));
cl::opt<bool> printPipeline("print-pipeline",
                            cl::desc("Print the pipeline used"),
                            cl::cat(category));
cl::opt<std::string> gridSpec("grid", cl::desc("Grid: X[,Y[,Z]] (required)"),
                              cl::cat(category));
cl::opt<unsigned> threads("threads",
                          cl::desc("Threads (default: one per hardware "
                                   "thread)"),
                          cl::init(0), cl::cat(category));
ProblemOptions problemOptions(category);
cl::opt<int> timeIters("time",
                       cl::desc("Also time this many launches (0 to 10^6)"),
                       cl::init(0), cl::cat(category));
cl::opt<bool> boundsCheck(
    "bounds-check",
    cl::desc("Check every load, store and atomic of the kernel against the "
             "problem's buffers (cpu-bounds-check, slow): the first access "
             "out of bounds is reported with its op's location"),
    cl::cat(category));

enum { kPass = 0, kFail = 1, kError = 2 };

int fail(Error err) {
  outs().flush();
  errs() << "trident-run-cpu: error: " << toString(std::move(err)) << "\n";
  return kError;
}

/// The largest static dimension of any tensor in `module` (the kernel's
/// tiles), or 0.
uint64_t largestTileExtent(mlir::ModuleOp module) {
  uint64_t largest = 0;
  auto visit = [&](mlir::Type type) {
    if (auto shaped = dyn_cast<mlir::RankedTensorType>(type))
      for (int64_t d : shaped.getShape())
        if (!mlir::ShapedType::isDynamic(d))
          largest = std::max<uint64_t>(largest, uint64_t(d));
  };
  module.walk([&](mlir::Operation *op) {
    for (mlir::Type t : op->getResultTypes())
      visit(t);
    for (mlir::Region &r : op->getRegions())
      for (mlir::Block &b : r)
        for (mlir::BlockArgument a : b.getArguments())
          visit(a.getType());
  });
  return largest;
}

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t)
      .count();
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  trident::installCrashHandlers();
  cl::HideUnrelatedOptions(category);
  // Bad options are errors of kind 2 (LLVM's parser would exit with 1,
  // the status of wrong results).
  std::string overview =
      "Compiles a Trident test kernel for the CPU, runs it and checks its "
      "result.\nKernels: " +
      listNames(allProblems()) + "\n";
  if (!cl::ParseCommandLineOptions(argc, argv, overview, &errs()))
    return 2;
  if (inputFile.empty())
    return fail(createStringError("no kernel file given (see --help)"));
  if (kernelKind.empty())
    return fail(createStringError("--kernel is required (" +
                                  listNames(allProblems()) + ")"));
  if (stageName != "llir" && stageName != "obj")
    return fail(createStringError("--stage must be llir or obj"));
  // Every option and the problem's sizes are checked before anything is
  // allocated.
  Expected<std::array<unsigned, 3>> grid = parseGrid(gridSpec);
  if (!grid)
    return fail(grid.takeError());
  if (Error err = checkOption("time", timeIters, 0, 1000000))
    return fail(std::move(err));
  if (Error err = checkOption("threads", threads, 0, 4096))
    return fail(std::move(err));
  if (Error err = checkOption("opt", optLevel, 0, 3))
    return fail(std::move(err));
  Sizes sizes = problemOptions.sizes();
  if (!is_contained(allProblems(), kernelKind))
    return fail(createStringError("unknown --kernel '" + kernelKind +
                                  "' (expected " + listNames(allProblems()) +
                                  ")"));
  if (Error err = checkSizes(kernelKind, sizes))
    return fail(std::move(err));
  if (Error err = checkGrid(kernelKind, sizes, *grid))
    return fail(std::move(err));
  uint64_t actualSeed = problemOptions.seedOrFresh();
  Random rng(actualSeed);
  Expected<Problem> problem = makeProblem(kernelKind, sizes, rng);
  if (!problem)
    return fail(problem.takeError());

  if (!loadPlugins(loadPlugin))
    return kError;
  Compiler compiler;
  SmallVector<PipelineEdit> edits;
  if (boundsCheck)
    edits.push_back(cpu::boundsCheckEdit());
  Expected<Pipeline> pipeline =
      compiler.buildPipeline(targetSpec, pipelineName, edits);
  if (!pipeline)
    return fail(pipeline.takeError());
  if (pipeline->target.kind != "cpu")
    return fail(createStringError("--target must be a cpu target, not " +
                                  pipeline->target.str()));
  if (printPipeline)
    pipeline->print(outs());
  auto start = std::chrono::steady_clock::now();
  auto module = compiler.parseFile(inputFile);
  if (!module)
    return fail(module.takeError());
  // The programs' offsets (program id x tile) must fit the kernel's i32
  // index range.
  if (Error err = checkGrid(kernelKind, sizes, *grid, largestTileExtent(**module)))
    return fail(std::move(err));
  std::optional<ArtifactCache> cache;
  if (!cacheDir.empty())
    cache.emplace(cacheDir == "default" ? ArtifactCache::defaultDirectory()
                                        : cacheDir.getValue());
  bool hit = false;
  // A cached artifact is loaded before it is taken: one that does not
  // load is a bad entry, discarded and rebuilt.
  std::unique_ptr<cpu::CpuKernel> loaded;
  double loadSeconds = 0;
  auto loadKernel = [&](const Artifact &artifact) -> Error {
    auto loadStart = std::chrono::steady_clock::now();
    auto kernel = cpu::CpuKernel::load(artifact, optLevel);
    if (!kernel)
      return kernel.takeError();
    loaded = std::move(*kernel);
    loadSeconds = secondsSince(loadStart);
    return Error::success();
  };
  Expected<Artifact> compiled =
      compileCached(compiler, **module, *pipeline, stageName,
                    cache ? &*cache : nullptr, &hit, loadKernel);
  if (!compiled)
    return fail(compiled.takeError());
  if (cache)
    outs() << "artifact cache " << (hit ? "hit" : "miss") << " in "
           << cache->directory() << "\n";
  double compileSeconds = secondsSince(start) - loadSeconds;
  if (!hit)
    if (Error e = loadKernel(*compiled))
      return fail(std::move(e));
  cpu::CpuKernel &kernel = *loaded;
  const cpu::KernelInfo &info = kernel.info();
  outs() << formatv("kernel {0} ({1}, {2}, {3}): grid {4}x{5}x{6}, seed {7}\n",
                    info.name, kernelKind, info.target, info.cpu, (*grid)[0],
                    (*grid)[1], (*grid)[2], actualSeed);
  outs() << formatv("compiled through stage {0} in {1:f2} s, loaded in {2:f2} "
                    "s\n",
                    stageName, compileSeconds, loadSeconds);

  // Host buffers (outputs: NaN), then the argument pointers.
  std::vector<std::vector<char>> data;
  std::vector<void *> pointers;
  for (const Tensor &t : problem->tensors)
    data.push_back(t.pack());
  for (auto &d : data)
    pointers.push_back(d.data());
  // A tensor-descriptor argument (Arg::TensorMap) is, on the cpu target,
  // the tensor's base pointer, its shape and its row-major strides (i64,
  // elements, outermost first) and its padding flag (i64, 0: zeros): what
  // tir-lower-descriptors' expand-arguments makes the kernel take.
  std::vector<int64_t> wide;
  for (const Arg &a : problem->args)
    if (a.kind == Arg::TensorMap)
      wide.resize(wide.size() + 2 * a.dims.size() + 1);
  size_t nextWide = 0;
  SmallVector<void *> args;
  for (Arg &a : problem->args) {
    if (a.kind == Arg::TensorMap) {
      args.push_back(&pointers[a.tensor]);
      size_t rank = a.dims.size();
      int64_t *shape = &wide[nextWide], *strides = shape + rank;
      nextWide += 2 * rank + 1;
      int64_t stride = 1;
      for (size_t d = rank; d-- > 0;) {
        shape[d] = static_cast<int64_t>(a.dims[d]);
        strides[d] = stride;
        stride *= shape[d];
      }
      shape[2 * rank] = 0; // padding "zero"
      for (size_t d = 0; d < 2 * rank + 1; ++d)
        args.push_back(&shape[d]);
      continue;
    }
    args.push_back(a.kind == Arg::Pointer ? static_cast<void *>(&pointers[a.tensor])
                   : a.kind == Arg::I32   ? static_cast<void *>(&a.i)
                                          : static_cast<void *>(&a.f));
  }
  cpu::LaunchOptions launch;
  launch.numThreads = threads;
  for (auto [t, d] : llvm::zip(problem->tensors, data))
    launch.buffers.push_back({d.data(), d.size(), t.name});
  outs().flush(); // before what the kernel prints
  if (Error e = kernel.launch(args, *grid, launch))
    return fail(std::move(e));
  Tensor &out = problem->tensors[problem->output];
  out.unpack(data[problem->output].data());
  CheckResult result = check(*problem);
  printCheck(outs(), *problem, result);

  if (timeIters > 0) {
    start = std::chrono::steady_clock::now();
    for (int i = 0; i < timeIters; ++i)
      if (Error e = kernel.launch(args, *grid, launch))
        return fail(std::move(e));
    double ms = secondsSince(start) * 1e3 / timeIters;
    outs() << formatv("time: {0:f4} ms per launch over {1} launches", ms,
                      int(timeIters));
    if (problem->flops > 0)
      outs() << formatv(", {0:f2} GFLOP/s", problem->flops / (ms * 1e6));
    if (problem->bytes > 0)
      outs() << formatv(", {0:f2} GB/s", problem->bytes / (ms * 1e6));
    outs() << "\n";
  }
  outs() << (result.pass ? "PASS" : "FAIL") << " " << kernelKind << "\n";
  return result.pass ? kPass : kFail;
}
