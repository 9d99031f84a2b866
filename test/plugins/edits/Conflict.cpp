//===- Conflict.cpp - Plugins whose edits collide -------------------------===//
//
// Built once per fixture with CONFLICT_NAME (the plugin's name) and one
// CONFLICT_<EDIT> macro choosing its single global edit. The fixtures use
// core passes only, labelled with the plugin's name, so that any two of them
// can be loaded together and only their edits can clash.
//
//===----------------------------------------------------------------------===//
#include "trident/Pipeline/Pipeline.h"
#include "trident/Plugin/PluginABI.h"

#include <iterator>

namespace {

[[maybe_unused]] const TridentPassRef kOwnCanonicalize[] = {
    {"canonicalize", nullptr, CONFLICT_NAME}};

[[maybe_unused]] int buildPipeline(trident::PipelineBuilder &pipeline,
                                   const char *target, TridentDiag *diag) {
  pipeline.stage("tir").add("canonicalize", "", CONFLICT_NAME);
  return 0;
}

#define ENTRY_EDIT(KIND, ANCHOR, PASSES, N)                                    \
  {KIND, "*", "tir", ANCHOR, PASSES, N, nullptr, nullptr}

const TridentPipelineEdit kEdits[] = {
#if defined(CONFLICT_REPLACE)
    // replace tir:cse
    ENTRY_EDIT(TRIDENT_EDIT_REPLACE, "cse", kOwnCanonicalize, 1),
#elif defined(CONFLICT_STAGE)
    // override stage tir with a pass list
    ENTRY_EDIT(TRIDENT_EDIT_OVERRIDE_STAGE, nullptr, kOwnCanonicalize, 1),
#elif defined(CONFLICT_PIPELINE)
    // override the whole pipeline
    {TRIDENT_EDIT_OVERRIDE_PIPELINE, "*", nullptr, nullptr, nullptr, 0,
     nullptr, buildPipeline},
#elif defined(CONFLICT_DISABLE)
    // disable tir:cse
    ENTRY_EDIT(TRIDENT_EDIT_DISABLE, "cse", nullptr, 0),
#elif defined(CONFLICT_BADANCHOR)
    // insert after an entry no pipeline has
    ENTRY_EDIT(TRIDENT_EDIT_INSERT_AFTER, "no-such-pass", kOwnCanonicalize, 1),
#elif defined(CONFLICT_AFTERCSE)
    // insert after tir:cse
    ENTRY_EDIT(TRIDENT_EDIT_INSERT_AFTER, "cse", kOwnCanonicalize, 1),
#else
#error "define one CONFLICT_<EDIT> macro"
#endif
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = CONFLICT_NAME;
  info.version = "0";
  info.edits = kEdits;
  info.numEdits = std::size(kEdits);
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
