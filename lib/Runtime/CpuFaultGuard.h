//===- CpuFaultGuard.h - Program instances that cannot kill the host -*- C++ -*-===//
//
// The CPU runner runs JIT-compiled kernels in the caller's process. A kernel
// that reads or writes out of bounds (or divides by zero, or overflows its
// stack) raises SIGSEGV, SIGBUS, SIGFPE or SIGILL on the thread that runs
// it. runProgramsGuarded runs a range of program instances under a guard:
// the signal is caught on that thread (on an alternate signal stack, so a
// stack overflow is caught too), the range stops, and the fault is returned
// with the program instance that raised it. Signals outside a guarded range
// go to the handler installed before ours (or kill the process as they
// would have).
//
// What a faulting program instance had allocated on the heap (tile buffers
// over the stack limit) is not freed: a crash leaks it, once.
//
// SIGINT (Ctrl-C) stops a running launch at safe points. When the process
// handles SIGINT (Python does), installInterruptHandler puts a handler in
// front of that one which sets interruptFlag() while a launch runs, then
// calls it. Kernels read the flag at the top of each iteration of their
// loops (convert-tir-to-cpu: one volatile load and a branch) and the runner
// before each program instance; a barrier wait reads it too. Once it is
// set, each program instance ends where it reads it (interruptCurrentProgram:
// back to its guard, as a fault would), and the launch reports that it was
// interrupted. A thread is never stopped from the signal handler itself:
// the program stops on its own thread, outside any lock of the runtime.
// Where SIGINT has no handler (the default action, or ignored) nothing
// changes.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_RUNTIME_CPUFAULTGUARD_H
#define TRIDENT_LIB_RUNTIME_CPUFAULTGUARD_H

#include <atomic>
#include <cstdint>

namespace trident::cpu {

/// How a guarded range of program instances stopped early.
struct ProgramFault {
  /// The signal (SIGSEGV, ...), or 0 when the program instance was stopped
  /// by stopCurrentProgram().
  int signal = 0;
  /// The faulting address (si_addr) of a memory or arithmetic fault.
  uintptr_t address = 0;
  /// Why (si_code): SI_KERNEL for an address the CPU cannot translate at
  /// all (a non-canonical one, whose si_addr is 0).
  int code = 0;
  /// The linear id of the program instance that stopped (x fastest).
  int64_t program = -1;
};

/// The grid entry of a kernel (see convert-tir-to-cpu).
using GridEntryFn = void (*)(void **args, int64_t begin, int64_t end,
                             int32_t nx, int32_t ny, int32_t nz);

/// Installs the fault handlers if another handler has replaced them (or
/// they were never installed). Call before starting a launch.
void installFaultHandlers();

/// Runs program instances begin..end-1 one after the other on this thread,
/// each under the guard, until one faults or `stop` is set. Returns false,
/// with `fault` filled, if one faulted (or was stopped).
bool runProgramsGuarded(GridEntryFn entry, void **args, int64_t begin,
                        int64_t end, int32_t nx, int32_t ny, int32_t nz,
                        const std::atomic<bool> &stop, ProgramFault &fault);

/// Runs `fn(arg)` on this thread under the guard as part of program
/// instance `program` (a partition of it, on a thread of its own). Returns
/// false, with `fault` filled, if it faulted or was stopped.
bool runCallGuarded(void (*fn)(void *), void *arg, int64_t program,
                    ProgramFault &fault);

/// Ends the program instance this thread runs under the guard with
/// `fault` (a partition's, reported by the program's own thread). Returns
/// if there is no guard.
void failCurrentProgram(const ProgramFault &fault);

/// Ends the program instance this thread runs under the guard as
/// interrupted (its range returns false with signal SIGINT); returns if
/// there is no guard.
void interruptCurrentProgram();

/// Nonzero once SIGINT came while a launch ran (kernels load it as the i32
/// `__trident_cpu_interrupt`); cleared when the last running launch ends.
std::atomic<int32_t> &interruptFlag();

/// Installs the SIGINT handler that sets interruptFlag() in front of the
/// process's own (if SIGINT has one). Call before starting a launch.
void installInterruptHandler();

/// A launch runs while one of these lives: SIGINT sets the flag only then.
class InterruptibleLaunch {
public:
  InterruptibleLaunch();
  ~InterruptibleLaunch();
  InterruptibleLaunch(const InterruptibleLaunch &) = delete;
  InterruptibleLaunch &operator=(const InterruptibleLaunch &) = delete;
};

/// The linear id of the program instance this thread runs under the guard,
/// or -1.
int64_t currentProgram();

/// Ends the program instance this thread runs under the guard at once
/// (runProgramsGuarded returns false with signal 0). Only for code called by
/// a guarded kernel (the runtime's hooks); returns if there is no guard.
void stopCurrentProgram();

} // namespace trident::cpu

extern "C" {
/// What a kernel calls when it finds interruptFlag() set.
void tridentCpuInterrupted();
}

#endif
