//===- PluginReader.cpp - Decoding and checking a plugin's description ----===//
#include "PluginInternal.h"

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

#include <cstring>

using namespace llvm;

namespace trident {

bool plugin_detail::isValidName(StringRef name) {
  return !name.empty() && all_of(name, [](char c) {
    return isAlnum(c) || c == '_' || c == '.' || c == '-';
  });
}

namespace {

using namespace plugin_detail;

/// Converts the ABI description of a plugin into a LoadedPlugin, checking
/// every field. Calls no plugin code except the pass and dialect
/// registration hooks' dry runs, under crash recovery.
class PluginReader {
public:
  PluginReader(const TridentPluginInfo &info, LoadedPlugin &out)
      : info(info), out(out) {}
  Error read();

private:
  Error field(const char *value, StringRef fieldName, std::string &dest,
              bool required = true) {
    if (!value) {
      if (required)
        return createStringError("field '" + fieldName + "' is null");
      return Error::success();
    }
    dest = value;
    return Error::success();
  }
  template <typename T>
  Error array(const T *ptr, size_t count, StringRef fieldName) {
    if (count > 0 && !ptr)
      return createStringError("field '" + fieldName + "' is null but its count is " +
                               Twine(count));
    if (count > 4096)
      return createStringError("field '" + fieldName + "' has an implausible count " +
                               Twine(count));
    return Error::success();
  }
  Expected<PassEntry> passRef(const TridentPassRef &ref, StringRef where);
  Expected<PipelineEdit> edit(const TridentPipelineEdit &e, StringRef where);
  Error passes();
  Error dialects();

  const TridentPluginInfo &info;
  LoadedPlugin &out;
};

Expected<PassEntry> PluginReader::passRef(const TridentPassRef &ref,
                                          StringRef where) {
  PassEntry e;
  if (!ref.pass || !*ref.pass)
    return createStringError(where + ": a pass entry has a null or empty 'pass'");
  e.pass = ref.pass;
  e.options = ref.options ? ref.options : "";
  e.label = ref.label ? ref.label : "";
  return e;
}

Expected<PipelineEdit> PluginReader::edit(const TridentPipelineEdit &e,
                                          StringRef where) {
  PipelineEdit edit;
  edit.owner = out.name;
  using K = PipelineEdit::Kind;
  switch (e.kind) {
  case TRIDENT_EDIT_INSERT_BEFORE:
    edit.kind = K::InsertBefore;
    break;
  case TRIDENT_EDIT_INSERT_AFTER:
    edit.kind = K::InsertAfter;
    break;
  case TRIDENT_EDIT_APPEND:
    edit.kind = K::Append;
    break;
  case TRIDENT_EDIT_DISABLE:
    edit.kind = K::Disable;
    break;
  case TRIDENT_EDIT_REPLACE:
    edit.kind = K::Replace;
    break;
  case TRIDENT_EDIT_OVERRIDE_STAGE:
    edit.kind = K::OverrideStage;
    break;
  case TRIDENT_EDIT_OVERRIDE_PIPELINE:
    edit.kind = K::OverridePipeline;
    break;
  default:
    return createStringError(where + ": unknown edit kind " + Twine(e.kind));
  }
  edit.target = e.target ? e.target : "*";
  if (edit.target != "*") {
    auto [kind, arch] = StringRef(edit.target).split(':');
    bool known = is_contained(targetKinds(), kind);
    // "kind:arch" must name a target that exists, or the edit would
    // silently never apply.
    if (known && !arch.empty()) {
      Expected<Target> target = Target::parse(edit.target);
      known = static_cast<bool>(target);
      if (!target)
        consumeError(target.takeError());
    }
    if (!known)
      return createStringError(where + ": unknown target '" + edit.target + "'");
  }
  std::string desc = (where + " (" + PipelineEdit::kindName(edit.kind) + ")").str();
  if (edit.kind != K::OverridePipeline) {
    if (!e.stage || !*e.stage)
      return createStringError(desc + ": field 'stage' is null");
    edit.stage = e.stage;
    bool known = any_of(targetKinds(), [&](StringRef kind) {
      return is_contained(stageNamesOf(kind), edit.stage);
    });
    if (!known)
      return createStringError(desc + ": no target has a stage named '" +
                               edit.stage + "'");
  }
  bool anchored = edit.kind == K::InsertBefore || edit.kind == K::InsertAfter ||
                  edit.kind == K::Disable || edit.kind == K::Replace;
  if (anchored) {
    if (!e.anchor || !*e.anchor)
      return createStringError(desc + ": field 'anchor' is null");
    edit.anchor = e.anchor;
  }
  if (Error err = array(e.passes, e.numPasses, "passes"))
    return createStringError(desc + ": " + toString(std::move(err)));
  for (size_t i = 0; i < e.numPasses; ++i) {
    Expected<PassEntry> p = passRef(e.passes[i], desc);
    if (!p)
      return p.takeError();
    edit.passes.push_back(std::move(*p));
  }
  bool needsPasses = edit.kind == K::InsertBefore ||
                     edit.kind == K::InsertAfter || edit.kind == K::Append ||
                     edit.kind == K::Replace;
  if (needsPasses && edit.passes.empty())
    return createStringError(desc + ": the edit lists no passes");
  if (edit.kind == K::OverrideStage) {
    if (e.buildStage && e.numPasses)
      return createStringError(desc + ": give 'passes' or 'buildStage', not both");
    if (auto *fn = e.buildStage) {
      edit.buildStage = [fn](PassListBuilder &b, const Target &t) -> Error {
        std::string target = t.str();
        return callPlugin("'buildStage'",
                          [&](TridentDiag *d) { return fn(b, target.c_str(), d); });
      };
    }
  }
  if (edit.kind == K::OverridePipeline) {
    auto *fn = e.buildPipeline;
    if (!fn)
      return createStringError(desc + ": field 'buildPipeline' is null");
    edit.buildPipeline = [fn](PipelineBuilder &b, const Target &t) -> Error {
      std::string target = t.str();
      return callPlugin("'buildPipeline'",
                        [&](TridentDiag *d) { return fn(b, target.c_str(), d); });
    };
  }
  return edit;
}

Error PluginReader::passes() {
  if (Error err = array(info.passes, info.numPasses, "passes"))
    return err;
  StringSet<> seen;
  for (size_t i = 0; i < info.numPasses; ++i) {
    const TridentPassInfo &p = info.passes[i];
    std::string where = ("passes[" + Twine(i) + "]").str();
    if (!p.argument || !*p.argument)
      return createStringError(where + ": field 'argument' is null or empty");
    if (!p.description)
      return createStringError(where + " ('" + p.argument +
                               "'): field 'description' is null");
    if (!p.create)
      return createStringError(where + " ('" + p.argument +
                               "'): field 'create' is null");
    if (!seen.insert(p.argument).second)
      return createStringError("pass '" + Twine(p.argument) +
                               "' is listed twice");
    if (isKnownEntry(p.argument) && !isRegisteredPass(p.argument))
      return createStringError("pass '" + Twine(p.argument) +
                               "' has the name of a translation step");
    if (isRegisteredPass(p.argument)) {
      const LoadedPlugin *owner =
          PluginManager::instance().ownerOfPass(p.argument);
      return createStringError(
          "pass '" + Twine(p.argument) + "' is already registered by " +
          (owner ? "plugin '" + owner->name + "' (" + owner->path + ")"
                 : std::string("the core")));
    }
    // Create the pass once to check that it is what the table says.
    mlir::Pass *pass = nullptr;
    if (!runGuarded([&] { pass = p.create(); }))
      return createStringError("pass '" + Twine(p.argument) +
                               "': 'create' crashed");
    if (!pass)
      return createStringError("pass '" + Twine(p.argument) +
                               "': 'create' returned null");
    std::unique_ptr<mlir::Pass> owned(pass);
    if (owned->getArgument() != p.argument)
      return createStringError("pass '" + Twine(p.argument) +
                               "': the created pass's argument is '" +
                               owned->getArgument() + "'");
    out.passes.push_back(p.argument);
  }
  return Error::success();
}

Error PluginReader::dialects() {
  if (Error err = array(info.dialects, info.numDialects, "dialects"))
    return err;
  mlir::DialectRegistry core;
  registerCoreDialects(core);
  auto coreNames = to_vector(core.getDialectNames());
  // Every dialect a context may already hold, with who registers it: the
  // core, the loaded plugins' hooks, and this plugin's hooks checked so far.
  mlir::DialectRegistry known;
  StringMap<std::string> owners;
  core.appendTo(known);
  for (StringRef name : coreNames)
    owners[name] = "the core";
  for (const LoadedPlugin *other : PluginManager::instance().plugins())
    for (size_t j = 0; j < other->info->numDialects; ++j) {
      mlir::DialectRegistry registry;
      other->info->dialects[j].registerDialect(registry);
      for (StringRef name : registry.getDialectNames())
        owners.try_emplace(name, "plugin '" + other->name + "' (" +
                                     other->path + ")");
      registry.appendTo(known);
    }
  for (size_t i = 0; i < info.numDialects; ++i) {
    const TridentDialectInfo &d = info.dialects[i];
    std::string where = ("dialects[" + Twine(i) + "]").str();
    if (!d.name || !*d.name)
      return createStringError(where + ": field 'name' is null or empty");
    if (!d.registerDialect)
      return createStringError(where + " ('" + d.name +
                               "'): field 'registerDialect' is null");
    if (is_contained(coreNames, StringRef(d.name)))
      return createStringError("dialect '" + Twine(d.name) +
                               "' is already provided by the core");
    for (const LoadedPlugin *other : PluginManager::instance().plugins())
      if (is_contained(other->dialects, d.name))
        return createStringError("dialect '" + Twine(d.name) +
                                 "' is already provided by plugin '" +
                                 other->name + "' (" + other->path + ")");
    if (is_contained(out.dialects, d.name))
      return createStringError("dialect '" + Twine(d.name) + "' is listed twice");
    mlir::DialectRegistry trial;
    if (!runGuarded([&] { d.registerDialect(trial); }))
      return createStringError("dialect '" + Twine(d.name) +
                               "': 'registerDialect' crashed");
    if (!is_contained(to_vector(trial.getDialectNames()), StringRef(d.name)))
      return createStringError("dialect '" + Twine(d.name) +
                               "': 'registerDialect' did not register it");
    // The dialects the hook registers besides its own (dependencies, most
    // often upstream ones) must be the very dialects registered already under
    // those names: MLIR aborts the process when a context is given two
    // different dialects for one namespace.
    std::vector<std::string> shared;
    for (StringRef name : trial.getDialectNames())
      if (owners.count(name))
        shared.push_back(name.str());
    if (!shared.empty()) {
      std::string differing;
      if (!findDifferentDialect(known, trial, shared, differing))
        return createStringError("dialect '" + Twine(d.name) +
                                 "': loading the dialects that "
                                 "'registerDialect' registers crashed");
      if (!differing.empty())
        return createStringError(
            "dialect '" + Twine(d.name) +
            "': 'registerDialect' also registers a dialect '" + differing +
            "' that is not the one " + owners[differing] +
            " registers under that name");
    }
    for (StringRef name : trial.getDialectNames())
      owners.try_emplace(name, "dialect '" + std::string(d.name) +
                                   "' of this plugin");
    trial.appendTo(known);
    out.dialects.push_back(d.name);
  }
  return Error::success();
}

Error PluginReader::read() {
  if (info.apiVersion != TRIDENT_PLUGIN_API_VERSION)
    return createStringError("plugin API version " + Twine(info.apiVersion) +
                             ", but this core supports version " +
                             Twine(TRIDENT_PLUGIN_API_VERSION));
  if (info.structSize != sizeof(TridentPluginInfo))
    return createStringError("TridentPluginInfo has size " +
                             Twine(info.structSize) + ", expected " +
                             Twine(sizeof(TridentPluginInfo)));
  if (!info.coreBuildId)
    return createStringError("field 'coreBuildId' is null");
  if (StringRef(info.coreBuildId) != TRIDENT_BUILD_ID)
    return createStringError("built against core '" + Twine(info.coreBuildId) +
                             "', but this core is '" TRIDENT_BUILD_ID
                             "'; rebuild the plugin");
  if (Error err = field(info.name, "name", out.name))
    return err;
  if (!isValidName(out.name))
    return createStringError("invalid plugin name '" + out.name +
                             "' (use letters, digits, '_', '.', '-')");
  // Before comparing passes and dialects with the loaded plugins': a second
  // file with a loaded plugin's name (often a copy of it) is told so.
  if (const LoadedPlugin *other = PluginManager::instance().findPlugin(out.name))
    return createStringError("a plugin named '" + out.name +
                             "' is already loaded from " + other->path);
  if (Error err = field(info.version, "version", out.version))
    return err;
  if (Error err = field(info.description, "description", out.description,
                        /*required=*/false))
    return err;
  if (Error err = passes())
    return err;
  if (Error err = dialects())
    return err;

  if (Error err = array(info.edits, info.numEdits, "edits"))
    return err;
  for (size_t i = 0; i < info.numEdits; ++i) {
    Expected<PipelineEdit> e =
        edit(info.edits[i], ("edits[" + Twine(i) + "]").str());
    if (!e)
      return e.takeError();
    out.edits.push_back(std::move(*e));
  }

  if (Error err = array(info.pipelines, info.numPipelines, "pipelines"))
    return err;
  for (size_t i = 0; i < info.numPipelines; ++i) {
    const TridentNamedPipeline &np = info.pipelines[i];
    std::string where = ("pipelines[" + Twine(i) + "]").str();
    NamedPipelineDef def;
    def.owner = out.name;
    if (!np.name || !isValidName(np.name))
      return createStringError(where + ": field 'name' is null or invalid");
    def.name = np.name;
    if (def.name == "default")
      return createStringError(where + ": 'default' is the built-in pipeline's name");
    for (const NamedPipelineDef &seen : out.pipelines)
      if (seen.name == def.name)
        return createStringError("pipeline '" + def.name + "' is listed twice");
    for (const LoadedPlugin *other : PluginManager::instance().plugins())
      for (const NamedPipelineDef &o : other->pipelines)
        if (o.name == def.name)
          return createStringError("pipeline '" + def.name +
                                   "' is already defined by plugin '" +
                                   other->name + "' (" + other->path + ")");
    def.description = np.description ? np.description : "";
    if (Error err = array(np.edits, np.numEdits, where + ".edits"))
      return err;
    for (size_t j = 0; j < np.numEdits; ++j) {
      Expected<PipelineEdit> e = edit(
          np.edits[j], (where + " '" + def.name + "' edits[" + Twine(j) + "]").str());
      if (!e)
        return e.takeError();
      def.edits.push_back(std::move(*e));
    }
    out.pipelines.push_back(std::move(def));
  }

  if (Error err = array(info.dslOps, info.numDslOps, "dslOps"))
    return err;
  for (size_t i = 0; i < info.numDslOps; ++i) {
    const TridentDslOpInfo &op = info.dslOps[i];
    std::string where = ("dslOps[" + Twine(i) + "]").str();
    if (!op.name || !*op.name)
      return createStringError(where + ": field 'name' is null or empty");
    if (!op.emit)
      return createStringError(where + " ('" + op.name + "'): field 'emit' is null");
    if (any_of(out.dslOps, [&](const DslOpDef &d) { return d.name == op.name; }))
      return createStringError("DSL op '" + Twine(op.name) +
                               "' is already defined");
    if (const DslOpDef *other = PluginManager::instance().findDslOp(op.name)) {
      const LoadedPlugin *owner =
          PluginManager::instance().findPlugin(other->owner);
      return createStringError("DSL op '" + Twine(op.name) +
                               "' is already defined by plugin '" +
                               other->owner + "' (" +
                               (owner ? owner->path : "?") + ")");
    }
    DslOpDef def;
    def.name = op.name;
    def.signature = op.signature ? op.signature : "";
    def.description = op.description ? op.description : "";
    def.owner = out.name;
    def.emit = op.emit;
    out.dslOps.push_back(std::move(def));
  }

  if (info.cacheKey) {
    const char *key = nullptr;
    if (!runGuarded([&] { key = info.cacheKey(); }))
      return createStringError("'cacheKey' crashed");
    if (!key)
      return createStringError("'cacheKey' returned null");
    out.cacheKey = key;
  }
  return Error::success();
}


} // namespace

Error plugin_detail::readPluginInfo(const TridentPluginInfo &info,
                                    LoadedPlugin &out) {
  return PluginReader(info, out).read();
}

} // namespace trident
