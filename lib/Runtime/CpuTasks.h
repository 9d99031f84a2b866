//===- CpuTasks.h - Warp-specialized regions and mbarriers on the CPU -*- C++ -*-===//
//
// The CPU target runs a tir.warp_specialize's default region on the
// program's thread and each partition on a thread of its own
// (convert-tir-to-cpu calls __trident_cpu_task_start / _join). Partitions
// synchronize through barriers in memory with the semantics of Hopper's
// mbarriers (an arrival count and a transaction count per phase, waits on
// a phase's parity), which kernels and plugins reach through the hooks
// below (tir.extern_elementwise calls, addresses as i64):
//
//   __trident_cpu_mbarrier_init(addr, count)            16 bytes at addr
//   __trident_cpu_mbarrier_arrive(addr, n)              n arrivals
//   __trident_cpu_mbarrier_expect_tx(addr, bytes)       bytes to come
//   __trident_cpu_mbarrier_complete_tx(addr, bytes)     bytes that came
//   __trident_cpu_mbarrier_wait(addr, parity, line, x, y, z)
//
// A phase completes when its arrivals and its bytes are all in; the
// barrier then starts the next phase with the full arrival count. A wait
// returns once the phase of the given parity has completed. With
// TRIDENT_DEBUG_BARRIERS set, a wait that takes longer than
// TRIDENT_DEBUG_BARRIERS_MS ends the program with an error naming the
// barrier, the parity, the program (x, y, z), the region and the line.
//
// Hardware barriers among groups of threads (nvgir.named_barrier:
// bar.sync / bar.arrive of `threads` GPU threads) count each arriving CPU
// thread as the GPU threads of its region (__trident_cpu_named_barrier).
//
// When one thread of a program faults or stops, the others' waits end and
// the program reports the first failure; a program's partitions are
// joined before it ends, whatever happens.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_RUNTIME_CPUTASKS_H
#define TRIDENT_LIB_RUNTIME_CPUTASKS_H

#include "CpuFaultGuard.h"

#include <cstdint>
#include <string>

namespace trident::cpu {

/// Called by the fault guard when the program running on this thread ends
/// early: stops its partitions' waits and joins them; a partition's fault
/// (a signal) replaces `fault` when that has none (the program was only
/// stopped).
void abandonProgramTasks(ProgramFault &fault);

/// Records `message` as the running launch's error (the first one wins),
/// as a failed tir.assert does (CpuRunner.cpp).
void reportKernelError(const std::string &message);

} // namespace trident::cpu

extern "C" {
void *tridentCpuTaskStart(void (*entry)(void *), void *slots, int64_t bytes);
void tridentCpuTaskJoin(void *task);
int32_t tridentCpuMbarrierInit(int64_t addr, int32_t count);
int32_t tridentCpuMbarrierArrive(int64_t addr, int32_t count);
int32_t tridentCpuMbarrierExpectTx(int64_t addr, int32_t bytes);
int32_t tridentCpuMbarrierCompleteTx(int64_t addr, int32_t bytes);
int32_t tridentCpuMbarrierWait(int64_t addr, int32_t parity, int32_t line,
                               int32_t x, int32_t y, int32_t z);
void tridentCpuNamedBarrier(int32_t id, int32_t threads, int32_t group,
                            int32_t arriveOnly);
int64_t tridentCpuScratchAlloc(int64_t bytes);
int32_t tridentCpuScratchFree(int64_t addr);
/// One lock for every program's read-combine-write of memory that a GPU
/// does atomically (TMA reductions): taken and given back around it.
int32_t tridentCpuReduceLock(int32_t unused);
int32_t tridentCpuReduceUnlock(int32_t unused);
}

#endif
