//===- CpuTasks.cpp - Warp-specialized regions and mbarriers on the CPU ---===//
//
// See CpuTasks.h.
//
//===----------------------------------------------------------------------===//
#include "CpuTasks.h"

#include "CpuBoundsCheck.h"
#include "CpuFaultGuard.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sched.h>
#include <strings.h>
#include <thread>
#include <vector>

using namespace trident::cpu;

namespace {

struct Task;

/// A hardware barrier of the program (bar.sync / bar.arrive id): threads
/// arrived in this generation, and the generation.
struct NamedBarrier {
  int64_t arrived = 0;
  std::atomic<int64_t> generation{0};
};

/// The partitions a program instance has started and not yet joined, and
/// its hardware barriers.
struct ProgramTasks {
  std::atomic<bool> abandon{false};
  std::mutex mutex;
  std::vector<Task *> live;
  int started = 0;
  NamedBarrier named[16];
};

struct Task {
  void (*entry)(void *) = nullptr;
  std::vector<int64_t> slots;
  ProgramTasks *program = nullptr;
  BoundsChecker *checker = nullptr;
  int64_t programId = -1;
  int index = 0;
  bool failed = false;
  ProgramFault fault;
  std::thread thread;
};

/// The program this thread runs (or runs a partition of), and which
/// partition (-1: the program's own thread).
thread_local ProgramTasks *currentTasks = nullptr;
thread_local int currentIndex = -1;

void taskMain(Task *t) {
  BoundsChecker::bind(t->checker);
  currentTasks = t->program;
  currentIndex = t->index;
  ProgramFault fault;
  if (!runCallGuarded(t->entry, t->slots.data(), t->programId, fault)) {
    t->failed = true;
    t->fault = fault;
    t->program->abandon = true;
  }
  BoundsChecker::bind(nullptr);
  currentTasks = nullptr;
  currentIndex = -1;
}

/// Joins `t`, forgets it; the program's state goes with its last task.
ProgramFault finish(Task *t, bool &failed) {
  t->thread.join();
  ProgramTasks *program = t->program;
  failed = t->failed;
  ProgramFault fault = t->fault;
  bool last;
  {
    std::lock_guard<std::mutex> lock(program->mutex);
    auto &live = program->live;
    live.erase(std::find(live.begin(), live.end(), t));
    last = live.empty();
  }
  delete t;
  if (last && currentTasks == program) {
    delete program;
    currentTasks = nullptr;
  }
  return fault;
}

// --- mbarriers: int64 state (pending arrivals in the low half, pending
// bytes in the high half), int32 phase, int32 arrival count. ---

int64_t *stateOf(int64_t addr) { return reinterpret_cast<int64_t *>(addr); }
int32_t *phaseOf(int64_t addr) { return reinterpret_cast<int32_t *>(addr + 8); }
int32_t *countOf(int64_t addr) {
  return reinterpret_cast<int32_t *>(addr + 12);
}

/// Adds `delta` to the state; the change that brings it to zero completes
/// the phase.
void update(int64_t addr, int64_t delta) {
  int64_t now = __atomic_add_fetch(stateOf(addr), delta, __ATOMIC_ACQ_REL);
  if (now != 0)
    return;
  __atomic_add_fetch(stateOf(addr), int64_t(*countOf(addr)), __ATOMIC_ACQ_REL);
  __atomic_add_fetch(phaseOf(addr), 1, __ATOMIC_RELEASE);
}

/// One more turn of a wait that has spun `spins` times: stop when another
/// thread of the program failed or SIGINT came, else spin, then yield, then
/// sleep.
void backOff(unsigned spins) {
  if (currentTasks && currentTasks->abandon.load(std::memory_order_relaxed))
    stopCurrentProgram();
  if (interruptFlag().load(std::memory_order_relaxed))
    interruptCurrentProgram(); // SIGINT (CpuFaultGuard.h)
  if (spins < 64)
    return;
  if (spins < 1024)
    sched_yield();
  else
    std::this_thread::sleep_for(std::chrono::microseconds(50));
}

} // namespace

void trident::cpu::abandonProgramTasks(ProgramFault &fault) {
  ProgramTasks *program = currentTasks;
  if (!program || currentIndex != -1)
    return;
  program->abandon = true;
  std::vector<Task *> live;
  {
    std::lock_guard<std::mutex> lock(program->mutex);
    live = program->live;
  }
  for (Task *t : live) {
    bool failed;
    ProgramFault f = finish(t, failed);
    if (failed && fault.signal == 0 && f.signal != 0) {
      fault.signal = f.signal;
      fault.address = f.address;
      fault.code = f.code;
    }
  }
  if (currentTasks == program) {
    delete program;
    currentTasks = nullptr;
  }
}

extern "C" void *tridentCpuTaskStart(void (*entry)(void *), void *slots,
                                     int64_t bytes) {
  if (!currentTasks)
    currentTasks = new ProgramTasks();
  auto *t = new Task();
  t->entry = entry;
  t->slots.resize((bytes + 7) / 8);
  std::memcpy(t->slots.data(), slots, bytes);
  t->program = currentTasks;
  t->checker = BoundsChecker::current();
  t->programId = currentProgram();
  {
    std::lock_guard<std::mutex> lock(currentTasks->mutex);
    t->index = currentTasks->started++;
    currentTasks->live.push_back(t);
  }
  t->thread = std::thread(taskMain, t);
  return t;
}

extern "C" void tridentCpuTaskJoin(void *handle) {
  bool failed;
  ProgramFault fault = finish(static_cast<Task *>(handle), failed);
  if (failed)
    failCurrentProgram(fault);
}

extern "C" int32_t tridentCpuMbarrierInit(int64_t addr, int32_t count) {
  *countOf(addr) = count;
  __atomic_store_n(phaseOf(addr), 0, __ATOMIC_RELAXED);
  __atomic_store_n(stateOf(addr), int64_t(count), __ATOMIC_RELEASE);
  return 0;
}

extern "C" int32_t tridentCpuMbarrierArrive(int64_t addr, int32_t count) {
  update(addr, -int64_t(count));
  return 0;
}

extern "C" int32_t tridentCpuMbarrierExpectTx(int64_t addr, int32_t bytes) {
  update(addr, int64_t(bytes) << 32);
  return 0;
}

extern "C" int32_t tridentCpuMbarrierCompleteTx(int64_t addr, int32_t bytes) {
  update(addr, -(int64_t(bytes) << 32));
  return 0;
}

/// The bound of barrier waits the environment asks for (0: none):
/// TRIDENT_DEBUG_BARRIERS set, TRIDENT_DEBUG_BARRIERS_MS milliseconds
/// (1000 by default), as trident.knobs describes them.
static int64_t waitBoundMs() {
  const char *on = std::getenv("TRIDENT_DEBUG_BARRIERS");
  if (!on || !*on || std::strcmp(on, "0") == 0 ||
      strcasecmp(on, "false") == 0 || strcasecmp(on, "off") == 0 ||
      strcasecmp(on, "no") == 0)
    return 0;
  const char *ms = std::getenv("TRIDENT_DEBUG_BARRIERS_MS");
  int64_t v = ms && *ms ? std::atoll(ms) : 1000;
  return v > 0 ? v : 1000;
}

extern "C" int32_t tridentCpuMbarrierWait(int64_t addr, int32_t parity,
                                          int32_t line, int32_t x, int32_t y,
                                          int32_t z) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  int64_t timeoutMs = -1; // read when the wait first sleeps
  for (unsigned spins = 0;; ++spins) {
    if ((__atomic_load_n(phaseOf(addr), __ATOMIC_ACQUIRE) & 1) != (parity & 1))
      return 0;
    backOff(spins);
    if (spins < 64)
      continue;
    if (timeoutMs < 0)
      timeoutMs = waitBoundMs();
    if (timeoutMs > 0 && (spins & 63) == 0 &&
        Clock::now() - start > std::chrono::milliseconds(timeoutMs)) {
      std::string region =
          currentIndex >= 0 ? "partition " + std::to_string(currentIndex)
          : currentTasks    ? "the default region"
                            : "the program";
      char address[32];
      std::snprintf(address, sizeof(address), "0x%llx",
                    static_cast<unsigned long long>(addr));
      reportKernelError(
          (llvm::Twine("barrier wait timed out after ") + llvm::Twine(timeoutMs) +
           " ms: barrier " + address +
           " waits for the end of its phase of parity " +
           llvm::Twine(parity & 1) + "; program (" + llvm::Twine(x) + ", " +
           llvm::Twine(y) + ", " + llvm::Twine(z) + "), " + region +
           ", at line " + llvm::Twine(line))
              .str());
      if (currentTasks)
        currentTasks->abandon = true;
      stopCurrentProgram();
      return 1;
    }
  }
}

extern "C" int64_t tridentCpuScratchAlloc(int64_t bytes) {
  // 128-byte aligned, zeroed: what a kernel reads before writing is 0.
  size_t size = (std::max<int64_t>(bytes, 1) + 127) / 128 * 128;
  void *p = std::aligned_alloc(128, size);
  if (p)
    std::memset(p, 0, size);
  return reinterpret_cast<int64_t>(p);
}

extern "C" int32_t tridentCpuScratchFree(int64_t addr) {
  std::free(reinterpret_cast<void *>(addr));
  return 0;
}

static std::mutex &reduceMutex() {
  static std::mutex m;
  return m;
}

extern "C" int32_t tridentCpuReduceLock(int32_t) {
  reduceMutex().lock();
  return 0;
}

extern "C" int32_t tridentCpuReduceUnlock(int32_t) {
  reduceMutex().unlock();
  return 0;
}

extern "C" void tridentCpuNamedBarrier(int32_t id, int32_t threads,
                                       int32_t group, int32_t arriveOnly) {
  // One CPU thread stands for `group` GPU threads; a barrier of no more
  // threads than that is this thread alone.
  if (group >= threads || !currentTasks || id < 0 || id >= 16)
    return;
  NamedBarrier &bar = currentTasks->named[id];
  int64_t generation;
  {
    std::lock_guard<std::mutex> lock(currentTasks->mutex);
    generation = bar.generation.load(std::memory_order_relaxed);
    bar.arrived += group;
    if (bar.arrived >= threads) {
      bar.arrived = 0;
      bar.generation.store(generation + 1, std::memory_order_release);
      return;
    }
  }
  if (arriveOnly)
    return;
  for (unsigned spins = 0;
       bar.generation.load(std::memory_order_acquire) == generation; ++spins)
    backOff(spins);
}
