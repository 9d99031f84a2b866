//===- PipelineEdit.cpp - Editing pipelines by entry id ---------*- C++ -*-===//
#include "trident/Pipeline/PipelineEdit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace trident {

StringRef PipelineEdit::kindName(Kind kind) {
  switch (kind) {
  case Kind::InsertBefore:
    return "insert-before";
  case Kind::InsertAfter:
    return "insert-after";
  case Kind::Append:
    return "append";
  case Kind::Disable:
    return "disable";
  case Kind::Replace:
    return "replace";
  case Kind::OverrideStage:
    return "override-stage";
  case Kind::OverridePipeline:
    return "override-pipeline";
  }
  return "?";
}

std::string PipelineEdit::describe() const {
  std::string s = kindName(kind).str();
  if (kind == Kind::OverridePipeline)
    return s;
  s += " " + stage;
  if (!anchor.empty())
    s += ":" + anchor;
  return s;
}

namespace {

/// Applies one pipeline's edits; keeps the context for error messages.
class EditApplier {
public:
  EditApplier(Pipeline &p, const std::function<bool(StringRef)> &isPass)
      : pipeline(p), isRegisteredPass(isPass) {}

  Error apply(ArrayRef<PipelineEdit> edits);

private:
  Error fail(const PipelineEdit &edit, const Twine &why) {
    return createStringError("plugin '" + edit.owner + "': " +
                             edit.describe() + " (pipeline '" + pipeline.name +
                             "', target " + pipeline.target.str() + "): " + why);
  }
  Error conflict(const PipelineEdit &edit, StringRef other, const Twine &why) {
    std::string who =
        other == edit.owner
            ? "two edits of plugin '" + edit.owner + "' conflict"
            : "plugin '" + edit.owner + "' conflicts with plugin '" +
                  other.str() + "'";
    return createStringError(who + " in pipeline '" + pipeline.name +
                             "' (target " + pipeline.target.str() + "): " + why);
  }
  Error checkEntries(const PipelineEdit &edit, ArrayRef<PassEntry> entries);
  Error checkUniqueIds(const PipelineEdit &edit, const Stage &stage);
  Expected<Stage *> stageOf(const PipelineEdit &edit);
  std::vector<PassEntry> stamped(const PipelineEdit &edit,
                                 ArrayRef<PassEntry> entries);
  Error overridePipeline(const PipelineEdit &edit);
  Error overrideStage(const PipelineEdit &edit);
  Error entryEdit(const PipelineEdit &edit);

  Pipeline &pipeline;
  const std::function<bool(StringRef)> &isRegisteredPass;
};

Error EditApplier::checkEntries(const PipelineEdit &edit,
                                ArrayRef<PassEntry> entries) {
  for (const PassEntry &e : entries) {
    if (e.pass.empty())
      return fail(edit, "a pass entry has no pass name");
    // Labels become part of entry ids that other plugins write as anchors.
    if (!all_of(e.label, [](char c) {
          return isAlnum(c) || c == '_' || c == '.' || c == '-';
        }))
      return fail(edit, "invalid label '" + e.label + "' on entry '" + e.pass +
                            "' (use letters, digits, '_', '.', '-')");
    if (!isRegisteredPass(e.pass))
      return fail(edit, "unknown pass '" + e.pass +
                            "' (not registered by the core or any plugin)");
  }
  return Error::success();
}

Error EditApplier::checkUniqueIds(const PipelineEdit &edit, const Stage &stage) {
  StringSet<> seen;
  for (const PassEntry &e : stage.entries)
    if (!seen.insert(e.id()).second)
      return fail(edit, "entry id '" + e.id() + "' occurs twice in stage '" +
                            stage.name + "'; give one of them a label");
  return Error::success();
}

Expected<Stage *> EditApplier::stageOf(const PipelineEdit &edit) {
  if (Stage *s = pipeline.findStage(edit.stage))
    return s;
  SmallVector<StringRef> names;
  for (const Stage &s : pipeline.stages)
    names.push_back(s.name);
  return fail(edit, "no stage '" + edit.stage + "' (stages: " +
                        join(names, ", ") + ")");
}

std::vector<PassEntry> EditApplier::stamped(const PipelineEdit &edit,
                                            ArrayRef<PassEntry> entries) {
  std::vector<PassEntry> out(entries.begin(), entries.end());
  for (PassEntry &e : out) {
    e.insertedBy = edit.owner;
    e.disabled = false;
    e.disabledBy.clear();
    e.replacedBy.clear();
    e.replaces.clear();
  }
  return out;
}

Error EditApplier::overridePipeline(const PipelineEdit &edit) {
  if (!edit.buildPipeline)
    return fail(edit, "no callback builds the pipeline");
  PipelineBuilder builder(pipeline.target);
  if (Error err = edit.buildPipeline(builder, pipeline.target))
    return fail(edit, toString(std::move(err)));
  ArrayRef<StringRef> order = pipeline.target.stageNames();
  int last = -1;
  for (auto &[name, list] : builder.stages) {
    auto it = find(order, name);
    if (it == order.end())
      return fail(edit, "the pipeline names stage '" + name +
                            "', which target " + pipeline.target.str() +
                            " does not have");
    int index = it - order.begin();
    if (index <= last)
      return fail(edit, "stage '" + name + "' is out of the target's order (" +
                            join(order, ", ") + ")");
    last = index;
    if (Error err = checkEntries(edit, list.entries))
      return err;
  }
  for (Stage &stage : pipeline.stages) {
    stage.entries.clear();
    for (auto &[name, list] : builder.stages)
      if (name == stage.name)
        stage.entries = stamped(edit, list.entries);
    if (Error err = checkUniqueIds(edit, stage))
      return err;
  }
  pipeline.overriddenBy = edit.owner;
  return Error::success();
}

Error EditApplier::overrideStage(const PipelineEdit &edit) {
  Expected<Stage *> stage = stageOf(edit);
  if (!stage)
    return stage.takeError();
  if (!(*stage)->overriddenBy.empty())
    return conflict(edit, (*stage)->overriddenBy,
                    "both override stage '" + edit.stage + "'");
  if (edit.buildStage && !edit.passes.empty())
    return fail(edit, "give either a pass list or a callback, not both");
  std::vector<PassEntry> entries = edit.passes;
  if (edit.buildStage) {
    PassListBuilder builder;
    if (Error err = edit.buildStage(builder, pipeline.target))
      return fail(edit, toString(std::move(err)));
    entries = std::move(builder.entries);
  }
  if (Error err = checkEntries(edit, entries))
    return err;
  (*stage)->entries = stamped(edit, entries);
  (*stage)->overriddenBy = edit.owner;
  return checkUniqueIds(edit, **stage);
}

Error EditApplier::entryEdit(const PipelineEdit &edit) {
  Expected<Stage *> stageOr = stageOf(edit);
  if (!stageOr)
    return stageOr.takeError();
  Stage &stage = **stageOr;
  if (edit.kind != PipelineEdit::Kind::Disable) {
    if (edit.passes.empty())
      return fail(edit, "the edit lists no passes");
    if (Error err = checkEntries(edit, edit.passes))
      return err;
  }

  auto it = stage.entries.end();
  if (edit.kind != PipelineEdit::Kind::Append) {
    if (edit.anchor.empty())
      return fail(edit, "the edit names no anchor entry");
    it = find_if(stage.entries,
                 [&](const PassEntry &e) { return e.id() == edit.anchor; });
    if (it == stage.entries.end()) {
      for (const PassEntry &e : stage.entries)
        if (e.replaces == edit.anchor)
          return conflict(edit, e.replacedBy,
                          "entry '" + edit.anchor + "' of stage '" +
                              stage.name + "' was replaced by plugin '" +
                              e.replacedBy + "'");
      SmallVector<std::string> ids;
      for (const PassEntry &e : stage.entries)
        ids.push_back(e.id());
      // The anchor may be missing because another plugin rebuilt the stage
      // or the whole pipeline: that is a conflict between the two.
      std::string rebuiltBy = !stage.overriddenBy.empty()
                                  ? stage.overriddenBy
                                  : pipeline.overriddenBy;
      if (!rebuiltBy.empty() && rebuiltBy != edit.owner)
        return conflict(edit, rebuiltBy,
                        "no entry '" + edit.anchor + "' in stage '" +
                            stage.name + "' as overridden by plugin '" +
                            rebuiltBy + "' (entries: " + join(ids, ", ") +
                            ")");
      return fail(edit, "no entry '" + edit.anchor + "' in stage '" +
                            stage.name + "' (entries: " + join(ids, ", ") +
                            ")");
    }
  }

  std::vector<PassEntry> added = stamped(edit, edit.passes);
  switch (edit.kind) {
  case PipelineEdit::Kind::InsertBefore:
    stage.entries.insert(it, added.begin(), added.end());
    break;
  case PipelineEdit::Kind::InsertAfter:
    stage.entries.insert(std::next(it), added.begin(), added.end());
    break;
  case PipelineEdit::Kind::Append:
    stage.entries.insert(stage.entries.end(), added.begin(), added.end());
    break;
  case PipelineEdit::Kind::Disable:
    if (it->disabled)
      return conflict(edit, it->disabledBy,
                      "both disable entry '" + edit.anchor + "' of stage '" +
                          stage.name + "'");
    it->disabled = true;
    it->disabledBy = edit.owner;
    return Error::success();
  case PipelineEdit::Kind::Replace: {
    if (!it->replacedBy.empty())
      return conflict(edit, it->replacedBy,
                      "both replace entry '" + edit.anchor + "' of stage '" +
                          stage.name + "'");
    if (it->disabled)
      return conflict(edit, it->disabledBy,
                      "entry '" + edit.anchor + "' of stage '" + stage.name +
                          "' is disabled by plugin '" + it->disabledBy +
                          "' and cannot also be replaced");
    std::string replaced = it->id();
    for (PassEntry &e : added) {
      e.replacedBy = edit.owner;
      e.replaces = replaced;
    }
    it = stage.entries.erase(it);
    stage.entries.insert(it, added.begin(), added.end());
    break;
  }
  case PipelineEdit::Kind::OverrideStage:
  case PipelineEdit::Kind::OverridePipeline:
    llvm_unreachable("handled in their own phases");
  }
  return checkUniqueIds(edit, stage);
}

Error EditApplier::apply(ArrayRef<PipelineEdit> edits) {
  const PipelineEdit *pipelineOverride = nullptr;
  for (const PipelineEdit &edit : edits) {
    if (edit.kind != PipelineEdit::Kind::OverridePipeline ||
        !pipeline.target.matches(edit.target))
      continue;
    if (pipelineOverride)
      return conflict(edit, pipelineOverride->owner,
                      "both override the whole pipeline");
    pipelineOverride = &edit;
  }
  if (pipelineOverride)
    if (Error err = overridePipeline(*pipelineOverride))
      return err;

  for (const PipelineEdit &edit : edits)
    if (edit.kind == PipelineEdit::Kind::OverrideStage &&
        pipeline.target.matches(edit.target))
      if (Error err = overrideStage(edit))
        return err;

  for (const PipelineEdit &edit : edits)
    if (edit.kind != PipelineEdit::Kind::OverrideStage &&
        edit.kind != PipelineEdit::Kind::OverridePipeline &&
        pipeline.target.matches(edit.target))
      if (Error err = entryEdit(edit))
        return err;
  return Error::success();
}

} // namespace

Error applyEdits(Pipeline &pipeline, ArrayRef<PipelineEdit> edits,
                 const std::function<bool(StringRef)> &isRegisteredPass) {
  return EditApplier(pipeline, isRegisteredPass).apply(edits);
}

} // namespace trident
