//===- trident-bench-cpu.cpp - CPU kernels next to their baselines --------===//
//
// Times two example kernels compiled for the cpu target (core pipeline,
// stage llir, JIT-loaded) next to a baseline on the same inputs, in one
// process, and prints the ratios (bench/cpu_ratio.sh runs it):
//
//   - the fp32 GEMM (`--kernel matmul`, Tools/TestProblems.h) next to
//     OpenBLAS's cblas_sgemm (row-major, no transposes) on the same A and B;
//     OpenBLAS is dlopen'd (--blas, default libopenblas.so.0) and given the
//     same number of threads as the kernel's pool;
//   - vector_add next to a plain loop out[i] = x[i] + y[i] over the same x
//     and y, split into one contiguous slice per thread (the same number of
//     threads, started per call as the kernel's pool is): what the memory
//     system gives a loop that does nothing else.
//
// Each side runs once untimed, is checked against the problem's float64
// reference, then runs --reps times; the figure is the median time of one
// call. Exit status: 0 when every result passes its check, 1 otherwise,
// 2 on errors (a kernel that does not compile, no OpenBLAS).
//
//===----------------------------------------------------------------------===//
#include "trident/Compiler/Compiler.h"
#include "trident/Runtime/CpuRunner.h"
#include "trident/Tools/TestProblems.h"
#include "trident/Support/Guard.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <thread>

using namespace llvm;
using namespace trident;
using namespace trident::testing;

namespace {

cl::OptionCategory category("trident-bench-cpu options");
cl::opt<std::string> matmulKernel("matmul-kernel",
                                  cl::desc("fp32 GEMM kernel (--kernel matmul "
                                           "arguments)"),
                                  cl::cat(category));
cl::opt<unsigned> matmulBlock("matmul-block",
                              cl::desc("Output tile of the GEMM kernel (grid: "
                                       "ceil(N/B) x ceil(M/B))"),
                              cl::init(64), cl::cat(category));
cl::list<unsigned> matmulSizes("matmul-sizes", cl::CommaSeparated,
                               cl::desc("M = N = K of each GEMM"),
                               cl::cat(category));
cl::opt<std::string> addKernel("add-kernel", cl::desc("vector_add kernel"),
                               cl::cat(category));
cl::opt<unsigned> addBlock("add-block",
                           cl::desc("Elements per vector_add program"),
                           cl::init(1024), cl::cat(category));
cl::list<unsigned> addSizes("add-sizes", cl::CommaSeparated,
                            cl::desc("vector_add lengths"), cl::cat(category));
cl::opt<std::string> blasPath("blas", cl::desc("OpenBLAS library to dlopen"),
                              cl::init("libopenblas.so.0"), cl::cat(category));
cl::opt<unsigned> threads("threads",
                          cl::desc("Threads for every side (default: one per "
                                   "hardware thread)"),
                          cl::init(0), cl::cat(category));
cl::opt<unsigned> reps("reps", cl::desc("Timed calls per figure"),
                       cl::init(10), cl::cat(category));
cl::opt<uint64_t> seed("seed", cl::desc("Random seed"), cl::init(1),
                       cl::cat(category));

int fail(Error err) {
  outs().flush();
  errs() << "trident-bench-cpu: error: " << toString(std::move(err)) << "\n";
  return 2;
}

/// Median milliseconds of one call over `reps` calls (after one untimed).
double medianMs(const std::function<void()> &call) {
  call();
  SmallVector<double> ms;
  for (unsigned i = 0; i < std::max(1u, unsigned(reps)); ++i) {
    auto t0 = std::chrono::steady_clock::now();
    call();
    ms.push_back(std::chrono::duration<double, std::milli>(
                     std::chrono::steady_clock::now() - t0)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

Expected<std::unique_ptr<cpu::CpuKernel>> compile(StringRef path) {
  Compiler compiler;
  Expected<Pipeline> pipeline = compiler.buildPipeline("cpu");
  if (!pipeline)
    return pipeline.takeError();
  auto module = compiler.parseFile(path);
  if (!module)
    return module.takeError();
  if (Error e = compiler.run(**module, *pipeline, "llir"))
    return std::move(e);
  if (!compiler.artifact())
    return createStringError(path + ": stage llir produced no artifact");
  return cpu::CpuKernel::load(*compiler.artifact());
}

/// The problem's host buffers and the kernel argument list over them.
struct Buffers {
  std::vector<std::vector<char>> data;
  std::vector<void *> pointers;
  SmallVector<void *> args;

  explicit Buffers(Problem &p) {
    for (const Tensor &t : p.tensors)
      data.push_back(t.pack());
    for (auto &d : data)
      pointers.push_back(d.data());
    for (Arg &a : p.args)
      args.push_back(a.kind == Arg::Pointer ? static_cast<void *>(&pointers[a.tensor])
                     : a.kind == Arg::I32   ? static_cast<void *>(&a.i)
                                            : static_cast<void *>(&a.f));
  }
};

/// Checks `output` (the packed output tensor) against the reference and
/// says PASS or FAIL with the relative error.
bool checkOutput(Problem &p, const std::vector<char> &output,
                 std::string &verdict) {
  p.tensors[p.output].unpack(output.data());
  CheckResult r = check(p);
  verdict = formatv("{0} ({1:e1})", r.pass ? "PASS" : "FAIL", r.maxRelError);
  return r.pass;
}

// cblas_sgemm and the OpenBLAS extras, as OpenBLAS's cblas.h declares them.
using SgemmFn = void (*)(int order, int transA, int transB, int m, int n,
                         int k, float alpha, const float *a, int lda,
                         const float *b, int ldb, float beta, float *c,
                         int ldc);
using SetThreadsFn = void (*)(int);
using ConfigFn = char *(*)();
constexpr int kRowMajor = 101, kNoTrans = 111;

} // namespace

/// The GEMM next to OpenBLAS's sgemm at each size; whether every check
/// passed.
static Expected<bool> benchMatmul(unsigned nthreads,
                                  const cpu::LaunchOptions &launch,
                                  Random &rng) {
  bool pass = true;
  std::string err;
  auto lib = sys::DynamicLibrary::getPermanentLibrary(blasPath.c_str(), &err);
  if (!lib.isValid())
    return createStringError(
        "cannot load OpenBLAS '" + blasPath + "': " + err +
        " (install libopenblas0-pthread or libopenblas-dev, or pass --blas)");
  auto sgemm = reinterpret_cast<SgemmFn>(lib.getAddressOfSymbol("cblas_sgemm"));
  auto setThreads = reinterpret_cast<SetThreadsFn>(
      lib.getAddressOfSymbol("openblas_set_num_threads"));
  auto config =
      reinterpret_cast<ConfigFn>(lib.getAddressOfSymbol("openblas_get_config"));
  if (!sgemm)
    return createStringError(blasPath + " has no cblas_sgemm");
  if (setThreads)
    setThreads(int(nthreads));
  Expected<std::unique_ptr<cpu::CpuKernel>> kernel = compile(matmulKernel);
  if (!kernel)
    return kernel.takeError();
  outs() << formatv("GEMM, fp32: {0} (kernel {1}, {2}, {3}x{3} tiles) next "
                    "to cblas_sgemm of {4} ({5}); {6} threads each; median "
                    "of {7} calls\n",
                    matmulKernel, (*kernel)->info().name,
                    (*kernel)->info().cpu, unsigned(matmulBlock), blasPath,
                    config ? config() : "OpenBLAS", nthreads, unsigned(reps));
  outs() << formatv("{0,7} {1,12} {2,9} {3,12} {4,9} {5,15}  {6}\n", "M=N=K",
                    "trident ms", "GFLOP/s", "sgemm ms", "GFLOP/s",
                    "trident/sgemm", "checks (trident, sgemm)");
  // Every GEMM of the kernel first, then every sgemm: OpenBLAS's threads
  // keep spinning for a while after a call, which would slow a kernel
  // launched right after it.
  struct Row {
    unsigned size;
    Problem problem;
    std::unique_ptr<Buffers> bufs;
    double tms = 0, bms = 0;
    std::string tcheck, bcheck;
  };
  std::vector<Row> rows;
  for (unsigned size : matmulSizes) {
    Sizes sizes;
    sizes.m = sizes.n = sizes.k = size;
    Expected<Problem> problem = makeProblem("matmul", sizes, rng);
    if (!problem)
      return problem.takeError();
    rows.push_back(Row{size, std::move(*problem), nullptr});
    Row &row = rows.back();
    row.bufs = std::make_unique<Buffers>(row.problem);
    std::array<unsigned, 3> grid = {(size + matmulBlock - 1) / matmulBlock,
                                    (size + matmulBlock - 1) / matmulBlock, 1};
    Error launchError = Error::success();
    row.tms = medianMs([&] {
      if (!launchError)
        launchError = (*kernel)->launch(row.bufs->args, grid, launch);
    });
    if (launchError)
      return std::move(launchError);
    pass &= checkOutput(row.problem, row.bufs->data[2], row.tcheck);
  }
  for (Row &row : rows) {
    int size = int(row.size);
    std::vector<char> c(row.bufs->data[2].size());
    const auto *a = reinterpret_cast<const float *>(row.bufs->data[0].data());
    const auto *b = reinterpret_cast<const float *>(row.bufs->data[1].data());
    row.bms = medianMs([&] {
      sgemm(kRowMajor, kNoTrans, kNoTrans, size, size, size, 1.0f, a, size,
            b, size, 0.0f, reinterpret_cast<float *>(c.data()), size);
    });
    pass &= checkOutput(row.problem, c, row.bcheck);
  }
  for (Row &row : rows) {
    double gflop = row.problem.flops / 1e9;
    outs() << formatv("{0,7} {1,12:f3} {2,9:f1} {3,12:f3} {4,9:f1} {5,15:f3}  "
                      "{6}, {7}\n",
                      row.size, row.tms, gflop / (row.tms / 1e3), row.bms,
                      gflop / (row.bms / 1e3), row.bms / row.tms, row.tcheck,
                      row.bcheck);
  }
  // Let OpenBLAS's threads go to sleep before anything else is timed.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  outs() << "(trident/sgemm: the kernel's speed as a fraction of "
            "OpenBLAS's)\n";
  return pass;
}

/// vector_add next to a plain threaded loop at each size; whether every
/// check passed.
static Expected<bool> benchAdd(unsigned nthreads,
                               const cpu::LaunchOptions &launch, Random &rng) {
  bool pass = true;
  Expected<std::unique_ptr<cpu::CpuKernel>> kernel = compile(addKernel);
  if (!kernel)
    return kernel.takeError();
  if (!matmulKernel.empty())
    outs() << "\n";
  outs() << formatv("vector_add, fp32: {0} (kernel {1}, {2}, {3} elements "
                    "per program) next to a plain loop out[i] = x[i] + y[i]; "
                    "{4} threads each; median of {5} calls; 12 bytes per "
                    "element\n",
                    addKernel, (*kernel)->info().name, (*kernel)->info().cpu,
                    unsigned(addBlock), nthreads, unsigned(reps));
  outs() << formatv("{0,10} {1,12} {2,8} {3,12} {4,8} {5,14}  {6}\n", "n",
                    "trident ms", "GB/s", "loop ms", "GB/s", "trident/loop",
                    "checks (trident, loop)");
  for (unsigned n : addSizes) {
    Sizes sizes;
    sizes.n = n;
    Expected<Problem> problem = makeProblem("vector_add", sizes, rng);
    if (!problem)
      return problem.takeError();
    Buffers bufs(*problem);
    std::array<unsigned, 3> grid = {(n + addBlock - 1) / addBlock, 1, 1};
    Error launchError = Error::success();
    double tms = medianMs([&] {
      if (!launchError)
        launchError = (*kernel)->launch(bufs.args, grid, launch);
    });
    if (launchError)
      return std::move(launchError);
    std::string tcheck, lcheck;
    pass &= checkOutput(*problem, bufs.data[2], tcheck);

    std::vector<char> out(bufs.data[2].size());
    const auto *x = reinterpret_cast<const float *>(bufs.data[0].data());
    const auto *y = reinterpret_cast<const float *>(bufs.data[1].data());
    auto *o = reinterpret_cast<float *>(out.data());
    auto slice = [=](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i)
        o[i] = x[i] + y[i];
    };
    double lms = medianMs([&] {
      size_t per = (size_t(n) + nthreads - 1) / nthreads;
      std::vector<std::thread> pool;
      for (unsigned t = 1; t < nthreads; ++t)
        pool.emplace_back(slice, std::min<size_t>(n, t * per),
                          std::min<size_t>(n, (t + 1) * per));
      slice(0, std::min<size_t>(n, per));
      for (std::thread &t : pool)
        t.join();
    });
    pass &= checkOutput(*problem, out, lcheck);
    double gb = problem->bytes / 1e9;
    outs() << formatv("{0,10} {1,12:f3} {2,8:f2} {3,12:f3} {4,8:f2} "
                      "{5,14:f3}  {6}, {7}\n",
                      n, tms, gb / (tms / 1e3), lms, gb / (lms / 1e3),
                      lms / tms, tcheck, lcheck);
  }
  outs() << "(trident/loop: the kernel's speed as a fraction of the "
            "loop's)\n";
  return pass;
}

/// Every option and problem size, before anything is allocated: an error
/// names the option and its valid range.
static Error checkOptions() {
  if (Error err = checkOption("matmul-block", matmulBlock, 1, 1024))
    return err;
  if (Error err = checkOption("add-block", addBlock, 1, 1 << 20))
    return err;
  if (Error err = checkOption("reps", reps, 1, 100000))
    return err;
  if (Error err = checkOption("threads", threads, 0, 4096))
    return err;
  auto problem = [](const char *option, unsigned size, StringRef kind,
                    const Sizes &sizes, unsigned block) -> Error {
    unsigned programs = unsigned((uint64_t(size) + block - 1) / block);
    std::array<unsigned, 3> grid = {programs, kind == "matmul" ? programs : 1,
                                    1};
    Error err = checkSizes(kind, sizes);
    if (!err)
      err = checkGrid(kind, sizes, grid, block);
    if (err)
      return createStringError(Twine("--") + option + " " + Twine(size) +
                               ": " + toString(std::move(err)));
    return Error::success();
  };
  for (unsigned size : matmulSizes) {
    Sizes sizes;
    sizes.m = sizes.n = sizes.k = size;
    if (Error err = problem("matmul-sizes", size, "matmul", sizes, matmulBlock))
      return err;
  }
  for (unsigned n : addSizes) {
    Sizes sizes;
    sizes.n = n;
    if (Error err = problem("add-sizes", n, "vector_add", sizes, addBlock))
      return err;
  }
  return Error::success();
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  trident::installCrashHandlers();
  cl::HideUnrelatedOptions(category);
  // Bad options are errors of kind 2 (LLVM's parser would exit with 1,
  // the status of wrong results).
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "Times the CPU GEMM next to OpenBLAS sgemm and vector_add next to "
          "a plain add loop, on the same inputs\n",
          &errs()))
    return 2;
  if (matmulKernel.empty() && addKernel.empty())
    return fail(createStringError("give --matmul-kernel and/or --add-kernel"));
  if (Error err = checkOptions())
    return fail(std::move(err));
  unsigned nthreads =
      threads ? unsigned(threads) : hardware_concurrency().compute_thread_count();
  cpu::LaunchOptions launch;
  launch.numThreads = nthreads;
  Random rng(seed);
  bool allPass = true;

  if (!matmulKernel.empty()) {
    Expected<bool> pass = benchMatmul(nthreads, launch, rng);
    if (!pass)
      return fail(pass.takeError());
    allPass &= *pass;
  }
  if (!addKernel.empty()) {
    Expected<bool> pass = benchAdd(nthreads, launch, rng);
    if (!pass)
      return fail(pass.takeError());
    allPass &= *pass;
  }
  return allPass ? 0 : 1;
}
