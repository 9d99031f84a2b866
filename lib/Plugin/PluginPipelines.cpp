//===- PluginPipelines.cpp - Pipelines built with the loaded plugins ------===//
//
// The default pipeline of a target with every plugin's global edits, a
// plugin's named pipelines, their fingerprints, and the passes of a stage
// added to a pass manager (options parsed as MLIR's pass registry does).
//
//===----------------------------------------------------------------------===//
#include "PluginInternal.h"

#include "trident/Compiler/TranslationStep.h"
#include "trident/Support/Guard.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace trident {

using namespace plugin_detail;

/// Checks the options of every entry of `pipeline` that has options, as
/// running it would parse them: a registered pass's through MLIR's pass
/// registry, one of `candidate`'s passes (not registered yet) on a pass made
/// by its 'create'. Translation steps read their options themselves.
Error plugin_detail::checkPassOptions(const Pipeline &pipeline,
                                      const LoadedPlugin &candidate) {
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


std::vector<std::string> PluginManager::pipelineNames() const {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  std::vector<std::string> names{"default"};
  for (const auto &p : loaded)
    for (const NamedPipelineDef &np : p->pipelines)
      names.push_back(np.name);
  return names;
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

} // namespace trident
