//===- PluginManager.cpp - Loading and tracking plugins -------------------===//
#include "trident/Plugin/PluginManager.h"

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
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

using namespace llvm;

struct TridentDiag {
  std::string message;
};

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

/// Whether `name` may be a pipeline entry: a pass or a translation step.
static bool isKnownEntry(StringRef name) {
  return isRegisteredPass(name) || lookupTranslationStep(name) != nullptr;
}

namespace {

using EntryFn = const TridentPluginInfo *(*)();

/// Calls a plugin callback that reports through a TridentDiag, under crash
/// recovery. `what` names the callback in messages.
Error callPlugin(StringRef what, function_ref<int(TridentDiag *)> fn) {
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

/// Loads each of `names` from registries `a` and `b` into two scratch
/// contexts and sets `differing` to the first name under which they hold
/// different dialects (as MLIR tells them apart: by TypeID; dynamic dialects
/// get a new one per load, so no two of them are the same). False if
/// loading crashed (in a dialect's constructor).
bool findDifferentDialect(const mlir::DialectRegistry &a,
                          const mlir::DialectRegistry &b,
                          ArrayRef<std::string> names, std::string &differing) {
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

/// The DT_NEEDED entries of an ELF shared library, read through DT_STRTAB.
/// Empty if the file has no readable dynamic section.
template <class ELFT>
std::vector<std::string> neededLibraries(const object::ELFFile<ELFT> &file) {
  std::vector<std::string> needed;
  Expected<typename ELFT::DynRange> entries = file.dynamicEntries();
  if (!entries) {
    consumeError(entries.takeError());
    return needed;
  }
  uint64_t strtab = 0, strsz = 0;
  std::vector<uint64_t> offsets;
  for (const typename ELFT::Dyn &d : *entries) {
    if (d.d_tag == ELF::DT_STRTAB)
      strtab = d.getPtr();
    else if (d.d_tag == ELF::DT_STRSZ)
      strsz = d.getVal();
    else if (d.d_tag == ELF::DT_NEEDED)
      offsets.push_back(d.getVal());
  }
  if (!strtab || offsets.empty())
    return needed;
  Expected<const uint8_t *> table = file.toMappedAddr(strtab);
  if (!table) {
    consumeError(table.takeError());
    return needed;
  }
  if (*table < file.base() || *table >= file.end())
    return needed;
  uint64_t size = file.end() - *table;
  if (strsz)
    size = std::min(size, strsz);
  const char *text = reinterpret_cast<const char *>(*table);
  for (uint64_t offset : offsets)
    if (offset < size)
      needed.emplace_back(text + offset, strnlen(text + offset, size - offset));
  return needed;
}

/// Refuses a shared library that carries MLIR or LLVM of its own: one that
/// needs libMLIR*.so* or libLLVM*.so*, or that defines mlir::MLIRContext's
/// constructor (a statically linked copy). A second copy has TypeIDs and
/// registries of its own, so cast<> and the core's registries break. Read
/// from the file, before dlopen runs any of its code; a file that is not
/// ELF is left for dlopen to refuse.
Error checkSingleMLIR(StringRef path) {
  Expected<object::OwningBinary<object::Binary>> binary =
      object::createBinary(path);
  if (!binary) {
    consumeError(binary.takeError());
    return Error::success();
  }
  auto *elf = dyn_cast<object::ELFObjectFileBase>(binary->getBinary());
  if (!elf)
    return Error::success();
  std::vector<std::string> needed;
  if (auto *o = dyn_cast<object::ELF64LEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  else if (auto *o = dyn_cast<object::ELF64BEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  else if (auto *o = dyn_cast<object::ELF32LEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  else if (auto *o = dyn_cast<object::ELF32BEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  for (const std::string &lib : needed) {
    StringRef name = sys::path::filename(lib);
    if ((name.starts_with("libMLIR") || name.starts_with("libLLVM")) &&
        name.contains(".so"))
      return createStringError("links against " + name +
                               ", a second copy of MLIR/LLVM; plugins must "
                               "link only against libTridentCore.so");
  }
  auto definesContext = [](const object::ELFSymbolRef &sym) {
    Expected<StringRef> name = sym.getName();
    Expected<uint32_t> flags = sym.getFlags();
    if (!name || !flags) {
      consumeError(name.takeError());
      consumeError(flags.takeError());
      return false;
    }
    return (name->starts_with("_ZN4mlir11MLIRContextC1E") ||
            name->starts_with("_ZN4mlir11MLIRContextC2E")) &&
           !(*flags & object::SymbolRef::SF_Undefined);
  };
  for (const object::ELFObjectFileBase::elf_symbol_iterator_range &symbols :
       {elf->symbols(), elf->getDynamicSymbolIterators()})
    if (any_of(symbols, definesContext))
      return createStringError(
          "defines mlir::MLIRContext's constructor, so it holds a statically "
          "linked copy of MLIR; plugins must link only against "
          "libTridentCore.so");
  return Error::success();
}

/// Checks the options of every entry of `pipeline` that has options, as
/// running it would parse them: a registered pass's through MLIR's pass
/// registry, one of `candidate`'s passes (not registered yet) on a pass made
/// by its 'create'. Translation steps read their options themselves.
Error checkPassOptions(const Pipeline &pipeline, const LoadedPlugin &candidate) {
  mlir::OpPassManager scratch("builtin.module",
                              mlir::OpPassManager::Nesting::Implicit);
  for (const Stage &stage : pipeline.stages)
    for (const PassEntry &entry : stage.entries) {
      if (entry.options.empty() || lookupTranslationStep(entry.pass))
        continue;
      std::string why;
      auto onError = [&](const Twine &msg) {
        why = StringRef(msg.str()).rtrim().str();
        return mlir::failure();
      };
      bool ok = true;
      if (const mlir::PassInfo *info = mlir::PassInfo::lookup(entry.pass)) {
        ok = succeeded(info->addToPipeline(scratch, entry.options, onError));
      } else {
        const TridentPassInfo *own = nullptr;
        for (size_t i = 0; i < candidate.info->numPasses; ++i)
          if (entry.pass == candidate.info->passes[i].argument)
            own = &candidate.info->passes[i];
        if (!own)
          continue;
        if (!runGuarded([&] {
              std::unique_ptr<mlir::Pass> pass(own->create());
              ok = !pass ||
                   succeeded(pass->initializeOptions(entry.options, onError));
            }))
          return createStringError("pass '" + entry.pass +
                                   "': 'create' crashed");
      }
      if (!ok)
        return createStringError(
            "plugin '" +
            (entry.insertedBy.empty() ? candidate.name : entry.insertedBy) +
            "': entry '" + entry.id() + "' of stage '" + stage.name +
            "': bad options '" + entry.options + "': " + why);
    }
  return Error::success();
}

bool isValidName(StringRef name) {
  return !name.empty() && all_of(name, [](char c) {
    return isAlnum(c) || c == '_' || c == '.' || c == '-';
  });
}

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
                               MutableArrayRef<mlir::Value> results) const {
  const DslOpDef *op = findDslOp(name);
  if (!op)
    return createStringError("no DSL op named '" + name + "'");
  std::fill(results.begin(), results.end(), mlir::Value());
  std::string what = ("DSL op '" + name + "' of plugin '" + op->owner + "'").str();
  if (Error err = callPlugin(what, [&](TridentDiag *diag) {
        return op->emit(builder, loc, operands.data(), operands.size(),
                        results.data(), results.size(), diag);
      }))
    return err;
  for (size_t i = 0; i < results.size(); ++i)
    if (!results[i])
      return createStringError(what + " left result #" + Twine(i) + " unset");
  return Error::success();
}

std::vector<std::string> PluginManager::pipelineNames() const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  std::vector<std::string> names{"default"};
  for (const auto &p : loaded)
    for (const NamedPipelineDef &np : p->pipelines)
      names.push_back(np.name);
  return names;
}

void PluginManager::appendDialects(mlir::DialectRegistry &registry) const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (const auto &p : loaded)
    for (size_t i = 0; i < p->info->numDialects; ++i)
      p->info->dialects[i].registerDialect(registry);
}

Expected<Pipeline>
PluginManager::buildPipeline(const Target &target, StringRef name,
                             ArrayRef<PipelineEdit> extra) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  loadEnvironmentLocked();
  return buildPipelineLocked(target, name, extra, nullptr);
}

Error PluginManager::addStagePasses(mlir::OpPassManager &pm,
                                    const Stage &stage,
                                    ArrayRef<const PassEntry *> entries) const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (const PassEntry *entry : entries) {
    const mlir::PassInfo *info = mlir::PassInfo::lookup(entry->pass);
    if (!info)
      return createStringError("stage '" + stage.name + "': entry '" +
                               entry->id() + "' names unknown pass '" +
                               entry->pass + "'");
    std::string why;
    auto onError = [&](const Twine &msg) {
      why = StringRef(msg.str()).rtrim().str();
      return mlir::failure();
    };
    if (failed(info->addToPipeline(pm, entry->options, onError))) {
      std::string by;
      if (!entry->insertedBy.empty()) {
        by = " of plugin '" + entry->insertedBy + "'";
        if (const LoadedPlugin *p = findPlugin(entry->insertedBy))
          by += " (" + p->path + ")";
      }
      return createStringError("stage '" + stage.name + "': entry '" +
                               entry->id() + "'" + by + ": bad options '" +
                               entry->options + "': " + why);
    }
  }
  return Error::success();
}

Expected<Pipeline>
PluginManager::buildPipelineLocked(const Target &target, StringRef name,
                                   ArrayRef<PipelineEdit> extra,
                                   const LoadedPlugin *candidate) const {
  std::vector<const LoadedPlugin *> all;
  for (const auto &p : loaded)
    all.push_back(p.get());
  if (candidate)
    all.push_back(candidate);

  std::vector<PipelineEdit> edits;
  for (const LoadedPlugin *p : all)
    edits.insert(edits.end(), p->edits.begin(), p->edits.end());
  if (name != "default") {
    const NamedPipelineDef *def = nullptr;
    for (const LoadedPlugin *p : all)
      for (const NamedPipelineDef &np : p->pipelines)
        if (np.name == name)
          def = &np;
    if (!def) {
      std::vector<std::string> names{"default"};
      for (const LoadedPlugin *p : all)
        for (const NamedPipelineDef &np : p->pipelines)
          names.push_back(np.name);
      return createStringError("no pipeline named '" + name +
                               "' (known: " + join(names, ", ") + ")");
    }
    edits.insert(edits.end(), def->edits.begin(), def->edits.end());
  }
  edits.insert(edits.end(), extra.begin(), extra.end());

  Pipeline pipeline = defaultPipeline(target);
  pipeline.name = name.str();
  auto known = [&](StringRef flag) {
    if (isKnownEntry(flag))
      return true;
    return candidate && is_contained(candidate->passes, flag);
  };
  if (Error err = applyEdits(pipeline, edits, known))
    return std::move(err);

  // The fingerprint covers the pipeline text and the identity and cache key
  // of every plugin, so it changes whenever generated code might.
  std::string key = pipeline.str();
  for (const Stage &s : pipeline.stages)
    for (const PassEntry &e : s.entries)
      key += "\n" + s.name + "/" + e.pipelineText();
  for (const LoadedPlugin *p : all)
    key += "\n" + p->name + "@" + p->version + "#" + p->cacheKey;
  key += "\n" TRIDENT_BUILD_ID;
  pipeline.fingerprint = utohexstr(xxh3_64bits(key), /*LowerCase=*/true);
  return pipeline;
}

Error PluginManager::load(StringRef path) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  loadEnvironmentLocked();
  if (Error err = loadLocked(path))
    return createStringError(path + ": " + toString(std::move(err)));
  return Error::success();
}

Error PluginManager::loadLocked(StringRef path) {
  registerCorePasses();
  if (path.empty())
    return createStringError("empty plugin path");
  if (!sys::fs::exists(path))
    return createStringError("no such file");
  if (sys::fs::is_directory(path))
    return createStringError("is a directory, not a shared library");
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
  PluginReader reader(*info, *plugin);
  if (Error err = reader.read())
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
      environmentErrors.push_back((path + ": " + toString(std::move(err))).str());
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
