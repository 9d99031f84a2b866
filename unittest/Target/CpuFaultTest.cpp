//===- CpuFaultTest.cpp - CPU kernels that fault, and bounds checks -------===//
//
// A kernel that faults does not take the process down: the launch returns
// an error naming the kernel and a program instance, launch after launch,
// on one thread and on the pool, and later launches work; a fault outside
// a kernel still kills the process as it would have. With bounds checks
// (cpu::boundsCheckEdit) an access outside the launch's buffers is
// reported before it is made.
//
//===----------------------------------------------------------------------===//
#include "../TestSupport.h"

#include "trident/Compiler/ArtifactCache.h"
#include "trident/Compiler/Compiler.h"
#include "trident/Pipeline/PipelineEdit.h"
#include "trident/Runtime/CpuRunner.h"

#include <cmath>
#include <csignal>
#include <unistd.h>
#include <vector>

using namespace trident;
using llvm::Error;
using llvm::SmallVector;

namespace {

// Stores 16 floats at address pid * 64 (in the first page, never mapped)
// when `bad` is non-zero, else at out.
constexpr const char *kMaybeCrash = R"(
func.func @maybe_crash(%out: !tir.ptr<f32>, %bad: i32) attributes {tir.kernel} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i64
  %pid = tir.get_program_id 0 : i32
  %pid64 = arith.extsi %pid : i32 to i64
  %addr = arith.muli %pid64, %c64 : i64
  %wild = tir.int_to_ptr %addr : i64 -> !tir.ptr<f32>
  %isbad = arith.cmpi ne, %bad, %c0 : i32
  %p = arith.select %isbad, %wild, %out : !tir.ptr<f32>
  %r = tir.make_range 0 to 16 : tensor<16xi32>
  %ps = tir.splat %p : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %pp = tir.addptr %ps, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %one = arith.constant dense<1.0> : tensor<16xf32>
  tir.store %pp, %one : tensor<16x!tir.ptr<f32>>
  return
}
)";

// out[i] = 3 for i < 1024, unmasked: past the end of a shorter buffer.
constexpr const char *kOverrun = R"(
func.func @overrun(%out: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 1024 : tensor<1024xi32>
  %ps = tir.splat %out : !tir.ptr<f32> -> tensor<1024x!tir.ptr<f32>>
  %pp = tir.addptr %ps, %r : tensor<1024x!tir.ptr<f32>>, tensor<1024xi32>
  %v = arith.constant dense<3.0> : tensor<1024xf32>
  tir.store %pp, %v : tensor<1024x!tir.ptr<f32>>
  return
}
)";

std::unique_ptr<cpu::CpuKernel> load(const char *source,
                                     bool boundsCheck = false) {
  Compiler compiler;
  SmallVector<PipelineEdit> edits;
  if (boundsCheck)
    edits.push_back(cpu::boundsCheckEdit());
  auto pipeline = compiler.buildPipeline("cpu", "default", edits);
  EXPECT_TRUE(bool(pipeline)) << toString(pipeline.takeError());
  auto module = compiler.parseSource(source, "kernel.mlir");
  EXPECT_TRUE(bool(module)) << toString(module.takeError());
  auto artifact = compileCached(compiler, **module, *pipeline, "llir",
                                /*cache=*/nullptr);
  EXPECT_TRUE(bool(artifact)) << toString(artifact.takeError());
  auto kernel = cpu::CpuKernel::load(*artifact);
  EXPECT_TRUE(bool(kernel)) << toString(kernel.takeError());
  return std::move(*kernel);
}

TEST(CpuFaultTest, AFaultIsAnErrorLaunchAfterLaunch) {
  auto kernel = load(kMaybeCrash);
  ASSERT_TRUE(kernel);
  std::vector<float> out(16, 0);
  float *po = out.data();
  int32_t bad = 1;
  for (unsigned threads : {1u, 4u}) {
    for (int i = 0; i < 20; ++i) {
      cpu::LaunchOptions options;
      options.numThreads = threads;
      Error e = kernel->launch({&po, &bad}, {i == 0 ? 1u : 8u, 1, 1}, options);
      ASSERT_TRUE(bool(e));
      std::string message = toString(std::move(e));
      EXPECT_NE(message.find("kernel 'maybe_crash' crashed: invalid memory "
                             "access at 0x"),
                std::string::npos)
          << message;
      if (i == 0)
        EXPECT_NE(message.find("at 0x0 in program (0, 0, 0)"),
                  std::string::npos)
            << message;
    }
  }
  // The same kernel with a good pointer, on the pool.
  bad = 0;
  cpu::LaunchOptions options;
  options.numThreads = 4;
  TRIDENT_ASSERT_OK(kernel->launch({&po, &bad}, {8, 1, 1}, options));
  for (float v : out)
    EXPECT_EQ(v, 1.0f);
}

/// A fault at a fixed address outside any kernel.
void faultHere() {
  volatile int *p = reinterpret_cast<volatile int *>(uintptr_t(16));
  *p = 1;
}

extern "C" void exitWith42(int) { _exit(42); }

TEST(CpuFaultTest, AFaultOutsideAKernelGoesToThePreviousHandler) {
  GTEST_FLAG_SET(death_test_style, "threadsafe"); // the pool's threads
  auto kernel = load(kMaybeCrash);
  ASSERT_TRUE(kernel);
  std::vector<float> out(16, 0);
  float *po = out.data();
  int32_t bad = 1;
  // After a launch (which installs the guard's handlers over the ones
  // there), a fault outside a kernel is the previous handler's, or the
  // default action's.
  EXPECT_EXIT(
      {
        std::signal(SIGSEGV, exitWith42);
        consumeError(kernel->launch({&po, &bad}, {1, 1, 1}));
        faultHere();
      },
      ::testing::ExitedWithCode(42), "");
  EXPECT_EXIT(
      {
        std::signal(SIGSEGV, SIG_DFL);
        consumeError(kernel->launch({&po, &bad}, {1, 1, 1}));
        faultHere();
      },
      ::testing::KilledBySignal(SIGSEGV), "");
}

TEST(CpuFaultTest, BoundsCheckStopsTheFirstBadAccess) {
  auto kernel = load(kOverrun, /*boundsCheck=*/true);
  ASSERT_TRUE(kernel);
  EXPECT_TRUE(kernel->info().boundsChecked);
  // 1000 floats of buffer, then a guard zone the check keeps untouched.
  std::vector<float> memory(2048, NAN);
  float *po = memory.data();
  cpu::LaunchOptions options;
  options.buffers.push_back({po, 1000 * sizeof(float), "out"});
  Error e = kernel->launch({&po}, {1, 1, 1}, options);
  ASSERT_TRUE(bool(e));
  std::string message = toString(std::move(e));
  EXPECT_NE(message.find("kernel 'overrun': out-of-bounds store at "
                         "kernel.mlir:7:3 in program (0, 0, 0): 4 bytes at "
                         "byte offset 4000 of 'out' (a buffer of 4000 bytes)"),
            std::string::npos)
      << message;
  for (int i = 1000; i < 2048; ++i)
    ASSERT_TRUE(std::isnan(memory[i])) << "written at " << i;
  EXPECT_EQ(memory[0], 3.0f);

  // Within its buffer the kernel runs as without checks.
  options.buffers[0].bytes = 1024 * sizeof(float);
  TRIDENT_ASSERT_OK(kernel->launch({&po}, {1, 1, 1}, options));
  EXPECT_EQ(memory[1023], 3.0f);
  EXPECT_TRUE(std::isnan(memory[1024]));

  // Without buffers a checked kernel cannot be launched.
  Error refused = kernel->launch({&po}, {1, 1, 1});
  ASSERT_TRUE(bool(refused));
  EXPECT_NE(toString(std::move(refused))
                .find("was compiled with bounds checks (cpu-bounds-check): "
                      "the launch must give the extent of each buffer"),
            std::string::npos);
}

} // namespace
