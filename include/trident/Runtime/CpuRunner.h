//===- CpuRunner.h - Run CPU kernels in process -----------------*- C++ -*-===//
//
// Loads what the cpu target's llir stage (LLVM IR) or obj stage (an object
// file) produced into an in-process JIT (LLVM ORC), and runs the kernel over
// a grid of program instances on a thread pool. Arguments are given like
// CUDA kernel parameters: one pointer per argument, to its value (for a
// pointer argument, to a `void *` holding the host buffer's address).
//
//   trident::Compiler compiler;
//   auto module = compiler.parseFile("vector_add.mlir");
//   auto pipeline = compiler.buildPipeline("cpu");
//   cantFail(compiler.run(**module, *pipeline, "llir"));
//   auto kernel = trident::cpu::CpuKernel::load(*compiler.artifact());
//   void *x = ..., *y = ..., *out = ...; int32_t n = ...;
//   void *args[] = {&x, &y, &out, &n};
//   cantFail((*kernel)->launch(args, {(n + 1023) / 1024, 1, 1}));
//
// Program instances run concurrently, in no particular order; atomics in
// the kernel are atomic across them.
//
// A kernel that faults (an invalid memory access, an integer division
// trap, a stack overflow) does not take the process down: launch() stops
// the launch and returns "kernel 'NAME' crashed: invalid memory access at
// 0x... in program (x, y, z)". A kernel compiled with cpu-bounds-check
// checks each access against LaunchOptions::buffers and reports the first
// one outside them with its op's location (docs/cpu.md, "Faults").
//
// SIGINT stops a launch when the process handles SIGINT (Python does): each
// program instance ends at the top of its next loop iteration (or before
// it starts), and launch() returns a LaunchInterrupted error; the process
// goes on (what the stopped programs allocated on the heap is leaked).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_RUNTIME_CPURUNNER_H
#define TRIDENT_RUNTIME_CPURUNNER_H

#include "trident/Compiler/TranslationStep.h"
#include "trident/Target/CPU/CPU.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm::orc {
class LLJIT;
}

namespace trident::cpu {

/// A buffer a kernel may access: `bytes` bytes from `base`, named in
/// reports (an argument's name, or "argument 2").
struct BufferExtent {
  const void *base = nullptr;
  uint64_t bytes = 0;
  std::string name;
};

/// What launch() returns when SIGINT stopped the launch.
class LaunchInterrupted : public llvm::ErrorInfo<LaunchInterrupted> {
public:
  static char ID;
  LaunchInterrupted(std::string kernel, int64_t x, int64_t y, int64_t z)
      : kernel(std::move(kernel)), x(x), y(y), z(z) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  std::string kernel;
  /// A program instance that was stopped.
  int64_t x, y, z;
};

struct LaunchOptions {
  /// Threads that run program instances; 0: one per hardware thread.
  unsigned numThreads = 0;
  /// The memory a kernel compiled with cpu-bounds-check may access (each
  /// pointer argument's buffer); required by such a kernel if it takes
  /// pointers, unused otherwise.
  std::vector<BufferExtent> buffers;
};

class CpuKernel {
public:
  /// JIT-compiles an "ll" artifact (optimized at `optLevel` first) or loads
  /// an "obj" artifact, for the CPU its metadata names. The artifact's
  /// metadata must describe the kernel (see Target/CPU/CPU.h).
  static llvm::Expected<std::unique_ptr<CpuKernel>>
  load(const Artifact &artifact, unsigned optLevel = 3);
  ~CpuKernel();

  const KernelInfo &info() const { return kernelInfo; }

  /// Runs every program instance of `grid` and returns when all are done.
  /// `args` has one entry per kernel argument (see the file comment).
  llvm::Error launch(llvm::ArrayRef<void *> args,
                     std::array<unsigned, 3> grid,
                     const LaunchOptions &options = {});

private:
  CpuKernel() = default;
  using EntryFn = void (*)(void **args, int64_t begin, int64_t end,
                           int32_t nx, int32_t ny, int32_t nz);
  /// Checks the options of a launch of this kernel.
  llvm::Error checkLaunch(llvm::ArrayRef<void *> args,
                          std::array<unsigned, 3> grid,
                          const LaunchOptions &options) const;
  KernelInfo kernelInfo;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  EntryFn entry = nullptr;
};

} // namespace trident::cpu

#endif
