//===- Target.cpp - Compilation targets -------------------------*- C++ -*-===//
//
// Kinds, architectures and stages come from the back ends' registrations
// (TargetRegistry.h).
//
//===----------------------------------------------------------------------===//
#include "trident/Pipeline/Target.h"
#include "trident/Pipeline/TargetRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>
#include <mutex>

using namespace llvm;

namespace trident {

namespace {

/// "a, b and c".
std::string listed(ArrayRef<std::string> items) {
  std::string s;
  for (auto [i, item] : enumerate(items)) {
    if (i)
      s += i + 1 == items.size() ? " and " : ", ";
    s += item;
  }
  return s;
}

/// Every registered kind and "kind:arch", kept for the StringRefs handed
/// out; rebuilt when a back end has registered since (the lists a caller
/// holds stay valid until then).
struct Names {
  std::mutex mutex;
  size_t backends = 0;
  std::deque<std::string> store; // stable addresses while it grows
  std::vector<StringRef> kinds, targets;
};

Names &names() {
  static Names n;
  std::vector<const TargetBackend *> all = targetBackends();
  std::lock_guard<std::mutex> lock(n.mutex);
  if (n.backends != all.size()) {
    n.kinds.clear();
    n.targets.clear();
    n.store.clear();
    for (const TargetBackend *b : all) {
      n.kinds.push_back(n.store.emplace_back(b->kind));
      for (const std::string &arch : b->archs)
        n.targets.push_back(n.store.emplace_back(b->kind + ":" + arch));
    }
    n.backends = all.size();
  }
  return n;
}

} // namespace

ArrayRef<StringRef> knownTargets() { return names().targets; }

ArrayRef<StringRef> targetKinds() { return names().kinds; }

ArrayRef<StringRef> stageNamesOf(StringRef kind) {
  if (const TargetBackend *b = lookupTargetBackend(kind))
    return b->stages;
  return {};
}

ArrayRef<StringRef> Target::stageNames() const { return stageNamesOf(kind); }

Expected<Target> Target::parse(StringRef spec) {
  auto [kind, arch] = spec.split(':');
  Target t{kind.str(), arch.str()};
  auto bad = [&](const Twine &why) {
    return createStringError("invalid target '" + spec + "': " + why);
  };
  const TargetBackend *backend = lookupTargetBackend(kind);
  if (!backend) {
    std::vector<std::string> kinds;
    for (const TargetBackend *b : targetBackends())
      kinds.push_back(b->kind);
    std::string expected = listed(kinds);
    if (kinds.size() > 1) // "cuda, amd or cpu"
      expected.replace(expected.rfind(" and "), 5, " or ");
    return bad("unknown kind '" + kind + "' (expected " + expected + ")");
  }
  if (arch.empty())
    t.arch = backend->archs.front();
  else if (!is_contained(backend->archs, arch.str()))
    return bad(backend->displayName + " architectures are " +
               listed(backend->archs));
  return t;
}

bool Target::canRunStage(StringRef stage) const {
  const TargetBackend *b = lookupTargetBackend(kind);
  return b && is_contained(b->runnableStages, stage);
}

bool Target::matches(StringRef pattern) const {
  if (pattern.empty() || pattern == "*")
    return true;
  auto [k, a] = pattern.split(':');
  if (k != kind)
    return false;
  return a.empty() || a == arch;
}

} // namespace trident
