//===- Plugin.cpp - The TLX plugin's entry point --------------------------===//
//
// TLX: explicit shared memory (and, as it grows, asynchronous copies, TMA,
// asynchronous dots, barriers and warp specialization) for kernels written
// against `triton.language`. The plugin gives the compiler its dialect
// `tlx`; its Python module (python/tlx, imported as
// `trident.language.extra.tlx`) builds the ops through
// `trident.language.ir`.
//
//===----------------------------------------------------------------------===//
#include "Passes.h"
#include "TlxDialect.h"

#include "trident/Plugin/PluginABI.h"

#include "mlir/IR/DialectRegistry.h"

#include <iterator>

using namespace mlir;
using namespace tlx_plugin;

namespace {

const TridentDialectInfo kDialects[] = {
    {"tlx", [](DialectRegistry &registry) { registry.insert<TlxDialect>(); }},
};

const TridentPassInfo kPasses[] = {
    {"tlx-lower-to-gir", "TLX buffers onto the core's shared-memory "
                         "descriptors (CUDA)",
     []() -> Pass * { return createTlxLowerToGir().release(); }},
    {"tlx-lower-tasks", "TLX tasks onto the core's warp-specialized regions",
     []() -> Pass * { return createTlxLowerTasks().release(); }},
    {"tlx-lower-to-cpu", "TLX ops onto the CPU target (threads, memory, "
                         "the runtime's barriers)",
     []() -> Pass * { return createTlxLowerToCpu().release(); }},
};

// On CUDA, TLX ops become core GPU IR as soon as their tiles have layouts;
// tasks become warp-specialized regions once calls are inlined, before the
// tir stage's clean-ups (which then see partitions isolated from above).
const TridentPassRef kLower[] = {{"tlx-lower-to-gir", nullptr, nullptr}};
const TridentPassRef kTasks[] = {{"tlx-lower-tasks", nullptr, nullptr}};
// On the CPU, tasks become threads (the core runs each partition of a
// warp-specialized region on one) and TLX ops plain tile IR and calls of
// the runtime's barriers, before descriptors are lowered.
const TridentPassRef kCpu[] = {{"tlx-lower-tasks", nullptr, nullptr},
                               {"tlx-lower-to-cpu", nullptr, nullptr}};
const TridentPipelineEdit kEdits[] = {
    {TRIDENT_EDIT_INSERT_AFTER, "cuda", "tir", "inline", kTasks, 1, nullptr,
     nullptr},
    {TRIDENT_EDIT_INSERT_AFTER, "cpu", "tir", "inline", kCpu, 2, nullptr,
     nullptr},
    {TRIDENT_EDIT_INSERT_AFTER, "cuda", "gir", "convert-tir-to-gir", kLower, 1,
     nullptr, nullptr},
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "tlx";
  info.version = "0.1.0";
  info.description = "TLX: explicit shared-memory buffers for "
                     "triton.language kernels";
  info.passes = kPasses;
  info.numPasses = std::size(kPasses);
  info.edits = kEdits;
  info.numEdits = std::size(kEdits);
  info.dialects = kDialects;
  info.numDialects = std::size(kDialects);
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
