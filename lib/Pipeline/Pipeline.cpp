//===- Pipeline.cpp - Staged pass pipelines ---------------------*- C++ -*-===//
#include "trident/Pipeline/Pipeline.h"
#include "trident/Pipeline/TargetRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace trident {

std::string PassEntry::pipelineText() const {
  if (options.empty())
    return pass;
  return pass + "{" + options + "}";
}

PassEntry *Stage::find(StringRef id) {
  for (PassEntry &e : entries)
    if (e.id() == id)
      return &e;
  return nullptr;
}

const PassEntry *Stage::find(StringRef id) const {
  return const_cast<Stage *>(this)->find(id);
}

Stage *Pipeline::findStage(StringRef stageName) {
  for (Stage &s : stages)
    if (s.name == stageName)
      return &s;
  return nullptr;
}

const Stage *Pipeline::findStage(StringRef stageName) const {
  return const_cast<Pipeline *>(this)->findStage(stageName);
}

void Pipeline::print(raw_ostream &os) const {
  os << "pipeline '" << name << "' for target " << target.str();
  if (!overriddenBy.empty())
    os << "  [pipeline overridden by plugin '" << overriddenBy << "']";
  os << "\n";
  for (const Stage &stage : stages) {
    os << "stage " << stage.name;
    if (!stage.overriddenBy.empty())
      os << "  [stage overridden by plugin '" << stage.overriddenBy << "']";
    os << "\n";
    if (stage.entries.empty())
      os << "  (no passes)\n";
    for (const PassEntry &e : stage.entries) {
      std::string text = e.id();
      if (!e.options.empty())
        text += " {" + e.options + "}";
      SmallVector<std::string> marks;
      if (!e.replacedBy.empty())
        marks.push_back("replaces '" + e.replaces + "', by plugin '" +
                        e.replacedBy + "'");
      else if (!e.insertedBy.empty())
        marks.push_back("inserted by plugin '" + e.insertedBy + "'");
      if (e.disabled)
        marks.push_back("disabled by plugin '" + e.disabledBy + "'");
      os << "  " << (e.disabled ? "- " : "") << text;
      if (!marks.empty())
        os << "  [" << join(marks, "; ") << "]";
      os << "\n";
    }
  }
}

std::string Pipeline::str() const {
  std::string s;
  raw_string_ostream os(s);
  print(os);
  return s;
}

PassListBuilder &PassListBuilder::add(StringRef pass, StringRef options,
                                      StringRef label) {
  PassEntry e;
  e.pass = pass.str();
  e.options = options.str();
  e.label = label.str();
  entries.push_back(std::move(e));
  return *this;
}

PassListBuilder &PipelineBuilder::stage(StringRef stageName) {
  for (auto &[n, b] : stages)
    if (n == stageName)
      return b;
  stages.emplace_back(stageName.str(), PassListBuilder());
  return stages.back().second;
}

Pipeline defaultPipeline(const Target &target) {
  Pipeline p;
  p.target = target;
  const TargetBackend *backend = lookupTargetBackend(target.kind);
  if (!backend)
    return p; // Target::parse knows only registered kinds
  for (StringRef name : backend->stages) {
    PassListBuilder entries;
    if (backend->fillStage)
      backend->fillStage(target, name, entries);
    Stage stage;
    stage.name = name.str();
    stage.entries = std::move(entries.entries);
    p.stages.push_back(std::move(stage));
  }
  return p;
}

} // namespace trident
