//===- TranslationStep.cpp - The registry of translation steps ------------===//
#include "trident/Compiler/TranslationStep.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>
#include <mutex>

using namespace llvm;

namespace trident {

namespace {
struct Registry {
  std::mutex mutex;
  std::deque<TranslationStepInfo> steps; // stable addresses
};
Registry &registry() {
  static Registry r;
  return r;
}
} // namespace

Error registerTranslationStep(TranslationStepInfo info) {
  if (info.id.empty() || !info.run)
    return createStringError("a translation step needs an id and a function");
  if (mlir::PassInfo::lookup(info.id))
    return createStringError("translation step '" + info.id +
                             "': a pass of that name is registered");
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const TranslationStepInfo &s : r.steps)
    if (s.id == info.id)
      return createStringError("translation step '" + info.id +
                               "' is already registered");
  r.steps.push_back(std::move(info));
  return Error::success();
}

const TranslationStepInfo *lookupTranslationStep(StringRef id) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const TranslationStepInfo &s : r.steps)
    if (s.id == id)
      return &s;
  return nullptr;
}

std::vector<const TranslationStepInfo *> translationSteps() {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<const TranslationStepInfo *> out;
  for (const TranslationStepInfo &s : r.steps)
    out.push_back(&s);
  return out;
}

Artifact llvmIRArtifact(const llvm::Module &module, json::Value metadata) {
  Artifact out;
  out.format = "ll";
  raw_string_ostream os(out.data);
  module.print(os, nullptr);
  if (json::Object *o = metadata.getAsObject())
    out.metadata = std::move(*o);
  return out;
}

Expected<std::unique_ptr<llvm::Module>>
parseLLVMIRArtifact(const Artifact &artifact, LLVMContext &context) {
  SMDiagnostic diag;
  std::unique_ptr<llvm::Module> module =
      parseAssemblyString(artifact.data, diag, context);
  if (module)
    return std::move(module);
  std::string text;
  raw_string_ostream os(text);
  diag.print("llir", os, /*ShowColors=*/false);
  return createStringError("cannot parse the LLVM IR: " +
                           StringRef(text).rtrim());
}

Expected<std::vector<std::pair<std::string, std::string>>>
parseStepOptions(StringRef stepId, StringRef options,
                 ArrayRef<StringRef> allowed) {
  std::vector<std::pair<std::string, std::string>> out;
  SmallVector<StringRef> items;
  options.split(items, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    auto [key, value] = item.split('=');
    if (!item.contains('=') || key.empty())
      return createStringError("step '" + stepId + "': option '" + item +
                               "' is not key=value");
    if (!is_contained(allowed, key))
      return createStringError("step '" + stepId + "': unknown option '" +
                               key + "' (known: " + join(allowed, ", ") + ")");
    out.emplace_back(key.str(), value.str());
  }
  return out;
}

} // namespace trident
