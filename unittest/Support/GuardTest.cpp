//===- GuardTest.cpp - runGuarded holds, however many failures follow -----===//
//
// Every way a call can end abnormally (a signal, an allocation failure, an
// LLVM fatal error, std::terminate, an escaping exception), many times over,
// on several threads and under a real address-space limit: each is one
// failure returned to the caller, and the process goes on.
//
//===----------------------------------------------------------------------===//
#include "trident/Support/Guard.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemAlloc.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Signals.h"

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <dlfcn.h>
#include <exception>
#include <sys/resource.h>
#include <thread>
#include <vector>

using namespace trident;
using Kind = GuardFailure::Kind;

namespace {

size_t absurd() {
  volatile size_t bytes = size_t(1) << 46; // 64 TiB
  return bytes;
}

// Where allocations go, so that the optimizer keeps them.
void *volatile sink;
void keep(void *p) { sink = p; }

// Kept out of line, so that its frame is on the stack when it faults.
[[gnu::noinline]] void nullStore() {
  volatile int *p = nullptr;
  *p = 1;
}

// Recurses until the stack runs out (the buffer keeps every frame large and
// alive, and the call is not a tail call).
[[gnu::noinline]] int overflowStack(int depth) {
  volatile char buffer[4096];
  buffer[0] = char(depth);
  return overflowStack(depth + 1) + buffer[0];
}

struct Case {
  const char *name;
  void (*fn)();
  Kind kind;
  const char *reason; // a part of the reason
};

const Case cases[] = {
    {"segv", [] { nullStore(); }, Kind::Signal, ""},
    {"raise", [] { std::raise(SIGSEGV); }, Kind::Signal, ""},
    {"abort", [] { std::abort(); }, Kind::Signal, ""},
    {"stack-overflow",
     [] { keep(reinterpret_cast<void *>(intptr_t(overflowStack(0)))); },
     Kind::Signal, ""},
    {"new", [] { keep(new char[absurd()]); }, Kind::OutOfMemory,
     "operator new"},
    {"safe_malloc", [] { free(llvm::safe_malloc(absurd())); },
     Kind::OutOfMemory, "Allocation failed"},
    {"fatal", [] { llvm::report_fatal_error("gave up", false); },
     Kind::FatalError, "gave up"},
    {"fatal-crash-diag", [] { llvm::report_fatal_error("gave up again"); },
     Kind::FatalError, "gave up again"},
    {"terminate", [] { std::terminate(); }, Kind::Terminate,
     "no active exception"},
    {"length-error",
     [] {
       std::vector<int> v;
       v.reserve(v.max_size() + 1);
     },
     Kind::Terminate, "std::length_error"},
};

void expectCaught(const Case &c) {
  GuardFailure failure;
  EXPECT_FALSE(runGuarded(c.fn, &failure)) << c.name;
  EXPECT_EQ(failure.kind, c.kind) << c.name << ": " << failure.summary();
  EXPECT_NE(failure.reason.find(c.reason), std::string::npos)
      << c.name << ": " << failure.summary();
}

TEST(GuardTest, ReturnsNormally) {
  int ran = 0;
  EXPECT_TRUE(runGuarded([&] { ++ran; }));
  EXPECT_EQ(ran, 1);
}

// The second and every later failure are caught like the first (libstdc++'s
// terminate handler aborted the second time; glibc's abort and the signal
// mask must not be left in a state that ends the process).
TEST(GuardTest, EveryFailureManyTimes) {
  for (int round = 0; round < 25; ++round)
    for (const Case &c : cases)
      expectCaught(c);
  // And ordinary work goes on.
  std::vector<int> v(1000, 7);
  EXPECT_EQ(v[999], 7);
}

TEST(GuardTest, SignalKinds) {
  GuardFailure failure;
  EXPECT_FALSE(runGuarded([] { std::abort(); }, &failure));
  EXPECT_EQ(failure.signal, SIGABRT);
  EXPECT_EQ(failure.summary(), "SIGABRT (abort)");
  EXPECT_FALSE(runGuarded(nullStore, &failure));
  EXPECT_EQ(failure.signal, SIGSEGV);
  EXPECT_EQ(failure.summary(), "SIGSEGV (invalid memory access)");
}

// The frames start at the fault and stay within the guarded call.
TEST(GuardTest, FramesLocateTheFault) {
  GuardFailure failure;
  ASSERT_FALSE(runGuarded(nullStore, &failure));
  ASSERT_FALSE(failure.frames.empty());
  Dl_info at, fn;
  ASSERT_TRUE(dladdr(failure.frames.front(), &at));
  ASSERT_TRUE(dladdr(reinterpret_cast<void *>(&nullStore), &fn));
  EXPECT_EQ(at.dli_fbase, fn.dli_fbase);
  EXPECT_GE(failure.frames.front(), reinterpret_cast<void *>(&nullStore));
  EXPECT_LT(failure.frames.size(), 32u);
}

TEST(GuardTest, NestedGuards) {
  bool innerFailed = false, after = false;
  EXPECT_TRUE(runGuarded([&] {
    innerFailed = !runGuarded([] { std::terminate(); });
    after = true;
  }));
  EXPECT_TRUE(innerFailed);
  EXPECT_TRUE(after);
}

TEST(GuardTest, SignalMaskRestored) {
  sigset_t before, after;
  pthread_sigmask(SIG_SETMASK, nullptr, &before);
  ASSERT_FALSE(sigismember(&before, SIGUSR1));
  EXPECT_FALSE(runGuarded([] {
    sigset_t some;
    sigemptyset(&some);
    sigaddset(&some, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &some, nullptr);
    std::abort();
  }));
  pthread_sigmask(SIG_SETMASK, nullptr, &after);
  EXPECT_FALSE(sigismember(&after, SIGUSR1));
  EXPECT_FALSE(sigismember(&after, SIGABRT));
}

TEST(GuardTest, Threads) {
  std::vector<std::thread> threads;
  std::atomic<int> caught{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int round = 0; round < 10; ++round)
        for (const Case &c : cases)
          caught += !runGuarded(c.fn);
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(caught.load(), int(4 * 10 * std::size(cases)));
}

// Under a real address-space limit (ulimit -v): allocations that would
// succeed without it fail, in operator new, in LLVM's allocators and in
// SmallVector's growth, again and again.
TEST(GuardTest, AddressSpaceLimit) {
  struct rlimit old;
  ASSERT_EQ(getrlimit(RLIMIT_AS, &old), 0);
  struct rlimit tight = old;
  tight.rlim_cur = rlim_t(4) << 30; // 4 GiB
  if (old.rlim_max != RLIM_INFINITY && old.rlim_max < tight.rlim_cur)
    GTEST_SKIP() << "the hard RLIMIT_AS is below 4 GiB already";
  ASSERT_EQ(setrlimit(RLIMIT_AS, &tight), 0);
  for (int round = 0; round < 10; ++round) {
    GuardFailure failure;
    EXPECT_FALSE(runGuarded(
        [] {
          std::vector<double> v(size_t(1) << 30);
          keep(v.data());
        },
        &failure));
    EXPECT_EQ(failure.kind, Kind::OutOfMemory) << failure.summary();
    EXPECT_FALSE(runGuarded(
        [] {
          llvm::SmallVector<int64_t> v;
          v.reserve(size_t(1) << 30);
          v.push_back(1);
          keep(v.data());
        },
        &failure));
    EXPECT_EQ(failure.kind, Kind::OutOfMemory) << failure.summary();
  }
  ASSERT_EQ(setrlimit(RLIMIT_AS, &old), 0);
}

// Outside any guard the process still ends, as before.
TEST(GuardDeathTest, OutsideAGuard) {
  installCrashHandlers();
  EXPECT_DEATH(std::terminate(), "");
  EXPECT_DEATH(llvm::report_fatal_error("unguarded", false), "unguarded");
}

// ... and LLVM's crash printer (which the tools enable) asks for a Trident
// bug report, not an LLVM one.
TEST(GuardDeathTest, BannerAsksForATridentBugReport) {
  EXPECT_DEATH(
      {
        llvm::EnablePrettyStackTrace();
        llvm::sys::PrintStackTraceOnErrorSignal("");
        installCrashHandlers();
        nullStore();
      },
      "PLEASE submit a bug report to the Trident issue tracker");
}

} // namespace
