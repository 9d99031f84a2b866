//===- PluginManager.cpp - The registry of loaded plugins -----------------===//
#include "PluginInternal.h"

#include "trident/Support/Files.h"

#include "trident/Compiler/TranslationStep.h"
#include "trident/InitAll.h"
#include "trident/Support/Guard.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

using namespace llvm;


extern "C" void tridentReportError(TridentDiag *diag, const char *message) {
  if (!diag)
    return;
  if (!diag->message.empty())
    diag->message += "; ";
  diag->message += message ? message : "(null message)";
}

namespace trident {

bool isRegisteredPass(StringRef flag) {
  registerCorePasses();
  return mlir::PassInfo::lookup(flag) != nullptr;
}

bool plugin_detail::isKnownEntry(StringRef name) {
  return isRegisteredPass(name) || lookupTranslationStep(name) != nullptr;
}

Error plugin_detail::callPlugin(StringRef what,
                                 function_ref<int(TridentDiag *)> fn) {
  TridentDiag diag;
  int status = 0;
  if (!runGuarded([&] { status = fn(&diag); }))
    return createStringError(what + " crashed");
  if (status != 0)
    return createStringError(
        what + " failed: " +
        (diag.message.empty() ? "(no message reported)" : diag.message));
  return Error::success();
}

// Dialects are told apart as MLIR does: by TypeID (dynamic dialects get a
// new one per load, so no two of them are the same).
bool plugin_detail::findDifferentDialect(const mlir::DialectRegistry &a,
                                         const mlir::DialectRegistry &b,
                                         ArrayRef<std::string> names,
                                         std::string &differing) {
  return runGuarded([&] {
    // Both live while TypeIDs are compared (a dynamic dialect's TypeID is
    // its address); leaked, not destroyed, if a constructor crashes.
    auto *contextA =
        new mlir::MLIRContext(a, mlir::MLIRContext::Threading::DISABLED);
    auto *contextB =
        new mlir::MLIRContext(b, mlir::MLIRContext::Threading::DISABLED);
    for (const std::string &name : names) {
      mlir::Dialect *x = contextA->getOrLoadDialect(name);
      mlir::Dialect *y = contextB->getOrLoadDialect(name);
      if (!x || !y || x->getTypeID() != y->getTypeID()) {
        differing = name;
        break;
      }
    }
    delete contextA;
    delete contextB;
  });
}

using namespace plugin_detail;

namespace {
using EntryFn = const TridentPluginInfo *(*)();
} // namespace

PluginManager &PluginManager::instance() {
  static PluginManager *manager = new PluginManager();
  return *manager;
}

std::vector<const LoadedPlugin *> PluginManager::plugins() const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  std::vector<const LoadedPlugin *> out;
  for (const auto &p : loaded)
    out.push_back(p.get());
  return out;
}

const LoadedPlugin *PluginManager::findPlugin(StringRef name) const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (const auto &p : loaded)
    if (p->name == name)
      return p.get();
  return nullptr;
}

const LoadedPlugin *PluginManager::ownerOfPass(StringRef flag) const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (const auto &p : loaded)
    if (is_contained(p->passes, flag))
      return p.get();
  return nullptr;
}

const DslOpDef *PluginManager::findDslOp(StringRef name) const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (const auto &p : loaded)
    for (const DslOpDef &op : p->dslOps)
      if (op.name == name)
        return &op;
  return nullptr;
}

Error PluginManager::emitDslOp(StringRef name, mlir::OpBuilder &builder,
                               mlir::Location loc,
                               ArrayRef<mlir::Value> operands,
                               mlir::DictionaryAttr attrs,
                               MutableArrayRef<mlir::Value> results) const {
  const DslOpDef *op = findDslOp(name);
  if (!op)
    return createStringError("no DSL op named '" + name + "'");
  std::fill(results.begin(), results.end(), mlir::Value());
  std::string what = ("DSL op '" + name + "' of plugin '" + op->owner + "'").str();
  if (Error err = callPlugin(what, [&](TridentDiag *diag) {
        return op->emit(builder, loc, operands.data(), operands.size(), attrs,
                        results.data(), results.size(), diag);
      }))
    return err;
  for (size_t i = 0; i < results.size(); ++i)
    if (!results[i])
      return createStringError(what + " left result #" + Twine(i) + " unset");
  return Error::success();
}

void PluginManager::appendDialects(mlir::DialectRegistry &registry) const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (const auto &p : loaded)
    for (size_t i = 0; i < p->info->numDialects; ++i)
      p->info->dialects[i].registerDialect(registry);
}

/// `path` as messages show it: as it is, unless it holds a control byte
/// (a NUL, a newline): then quoted, with those bytes escaped as \xNN (a
/// NUL reads '\x00', as in Python's repr), so that a NUL byte neither ends
/// the message nor hides in it. UTF-8 bytes stay as they are.
static std::string shownPath(StringRef path) {
  auto control = [](unsigned char c) { return c < 0x20 || c == 0x7f; };
  if (llvm::none_of(path, control))
    return path.str();
  std::string out = "'";
  for (unsigned char c : path) {
    if (c == '\\' || c == '\'') {
      out += '\\';
      out += char(c);
    } else if (control(c)) {
      static const char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += char(c);
    }
  }
  return out + "'";
}

Error PluginManager::load(StringRef path) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  loadEnvironmentLocked();
  if (Error err = loadLocked(path))
    return createStringError(shownPath(path) + ": " +
                             toString(std::move(err)));
  return Error::success();
}

Error PluginManager::loadLocked(StringRef path) {
  registerCorePasses();
  if (path.empty())
    return createStringError("empty plugin path");
  // The file system takes C strings: a NUL byte would cut the path short
  // and open another file ("/tmp/a" for "/tmp/a\0b.so"), so such a path
  // is refused whole.
  if (path.contains('\0'))
    return createStringError("the path contains a NUL byte");
  // Only a regular file is opened (a FIFO would block, a device never
  // end), and a path that cannot be used says why.
  if (sys::fs::is_directory(path))
    return createStringError("is a directory, not a shared library");
  if (Error err = checkReadableFile(path))
    return err;
  SmallString<256> real;
  if (std::error_code ec = sys::fs::real_path(path, real))
    return createStringError("cannot resolve path: " + ec.message());
  for (const auto &p : loaded)
    if (p->path == real)
      return Error::success(); // the same file again: a no-op

  if (Error err = checkSingleMLIR(real))
    return err;

  dlerror();
  void *handle = dlopen(real.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    // dlerror's text starts with the path, which the caller adds already.
    StringRef why = error ? error : "unknown dlopen error";
    why.consume_front((real + ": ").str());
    return createStringError("not a loadable shared library: " + why);
  }
  // Plugins are never unloaded: a library whose load fails stays mapped too,
  // since its static constructors may already have run.
  dlerror();
  auto entry = reinterpret_cast<EntryFn>(dlsym(handle, TRIDENT_PLUGIN_ENTRY_POINT));
  if (!entry)
    return createStringError(
        "no entry point '" TRIDENT_PLUGIN_ENTRY_POINT
        "' (define it with TRIDENT_PLUGIN_EXPORT so that it is exported)");
  const TridentPluginInfo *info = nullptr;
  if (!runGuarded([&] { info = entry(); }))
    return createStringError("the entry point crashed");
  if (!info)
    return createStringError("the entry point returned null");

  auto plugin = std::make_unique<LoadedPlugin>();
  plugin->path = real.str().str();
  plugin->info = info;
  if (Error err = readPluginInfo(*info, *plugin))
    return err;

  // Build the default pipeline of every target and the plugin's own named
  // pipelines before committing to it. Other plugins' named pipelines may
  // rebuild stages that this plugin's global edits anchor into; such a
  // conflict is reported when that pipeline is selected, so that one plugin's
  // custom pipeline cannot keep unrelated plugins from loading.
  std::vector<std::string> names{"default"};
  for (const NamedPipelineDef &np : plugin->pipelines)
    names.push_back(np.name);
  for (StringRef spec : knownTargets()) {
    Expected<Target> target = Target::parse(spec);
    if (!target)
      return target.takeError();
    for (const std::string &name : names) {
      Expected<Pipeline> p =
          buildPipelineLocked(*target, name, {}, plugin.get());
      if (!p)
        return p.takeError();
      if (Error err = checkPassOptions(*p, *plugin))
        return err;
    }
  }

  if (info->initialize)
    if (Error err = callPlugin("'initialize'", info->initialize))
      return err;

  for (size_t i = 0; i < info->numPasses; ++i) {
    auto *create = info->passes[i].create;
    mlir::registerPass(
        [create]() { return std::unique_ptr<mlir::Pass>(create()); });
  }
  loaded.push_back(std::move(plugin));
  return Error::success();
}

void PluginManager::loadEnvironmentLocked() {
  if (environmentLoaded)
    return;
  environmentLoaded = true;
  const char *paths = std::getenv("TRIDENT_PLUGIN_PATHS");
  if (!paths)
    return;
  SmallVector<StringRef> parts;
  StringRef(paths).split(parts, ':', -1, /*KeepEmpty=*/false);
  for (StringRef path : parts)
    if (Error err = loadLocked(path))
      environmentErrors.push_back(shownPath(path) + ": " +
                                  toString(std::move(err)));
}

Error PluginManager::loadFromEnvironment() {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  loadEnvironmentLocked();
  if (environmentReported)
    return Error::success();
  environmentReported = true;
  Error all = Error::success();
  for (const std::string &message : environmentErrors)
    all = joinErrors(std::move(all), createStringError(message));
  environmentErrors.clear();
  return all;
}

} // namespace trident
