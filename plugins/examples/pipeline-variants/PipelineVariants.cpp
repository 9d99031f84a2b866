//===- PipelineVariants.cpp - Named pipelines that retune a core pass -----===//
//
// pipeline-variants adds named pipelines, each the target's default pipeline
// with one core entry replaced by the same pass under other options. A
// kernel selects one with `with trident.pipeline("copies-at-top"):` (or
// `@trident.jit(pipeline=...)`), is cached apart from the default, and can
// be timed next to it in the same process:
//
//   copies-after-dot  gir-pipeline with copy-order=after-dot (cuda): each
//                     iteration's copies go out after the wait for the
//                     previous iteration's MMAs, S-1 iterations ahead,
//                     whatever the operands and stage count;
//   copies-at-top     gir-pipeline with copy-order=top (cuda): the copies
//                     lead each iteration, S-2 iterations ahead (the
//                     default's choice before session 9, kept to time
//                     against it);
//   dots-in-order     gir-pipeline with overlap-dots=false (cuda): a loop
//                     of several dots completes each where it is issued
//                     (the default's choice before session 16).
//   registers-unringed gir-pipeline with ring-register-loads=false (cuda):
//                     a pipelined loop of dots leaves the loads it reads
//                     in registers (attention backward's m and D) as
//                     loads, not rings (the default's choice before
//                     session 16's ringload).
//   copies-unfenced    gir-pipeline with fence-copies=false (cuda): no
//                     fence.proxy.async between the wait for a stage of
//                     cp.async copies and the wgmmas reading it, as
//                     Triton's pipeliner emits them.
//   copies-grouped     gir-pipeline with copy-wait=group (cuda): a loop
//                     whose rings cp.async alone fills waits for each
//                     stage with cp.async.wait_group and a CTA barrier
//                     (Triton's way) instead of an mbarrier per stage.
//   dots-carried       gir-pipeline with carry-dots=true (cuda): a loop
//                     of several dots leaves its last self-accumulating
//                     dots (attention backward's dK) in flight across the
//                     back edge, as Triton does; copies run num-stages - 2
//                     iterations ahead.
//   dots-rotated       tir-rotate-dot-loops before gir-pipeline, which then
//                      leaves dots in flight across stage waits (cuda; on
//                      the cpu target after tir-flatten-loops, where it
//                      only checks the rotation's results): attention's
//                      loop issues the next q k^T, then this p v, then
//                      the next softmax, beside p v on the tensor cores.
//   stores-predicated  convert-gir-to-llvm with predicate-stores=true
//                     (cuda): masked vector stores to global memory as
//                     predicated PTX (Triton's way), not under a branch
//                     each.
//   loads-predicated   convert-gir-to-llvm with predicate-loads=true
//                     (cuda): masked loads from global memory likewise
//                     (by default only those of blocks whose masked
//                     vector loads hold more than 48 registers a thread).
//   loads-branched     convert-gir-to-llvm with predicate-loads-above=-1
//                     (cuda): every masked load under branches, as
//                     before session 30.
//   accesses-predicated  both (cuda).
//
// The plugin has no passes, dialects or global edits: loading it changes
// nothing until a kernel names one of its pipelines.
//
//===----------------------------------------------------------------------===//
#include "trident/Plugin/PluginABI.h"

#include <iterator>

namespace {

const TridentPassRef kCopiesAfterDot[] = {
    {"gir-pipeline", "num-stages=3 async-dot=true copy-order=after-dot",
     nullptr}};
const TridentPipelineEdit kCopiesAfterDotEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kCopiesAfterDot, 1,
     nullptr, nullptr},
};
const TridentPassRef kCopiesAtTop[] = {
    {"gir-pipeline", "num-stages=3 async-dot=true copy-order=top", nullptr}};
const TridentPipelineEdit kCopiesAtTopEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kCopiesAtTop, 1,
     nullptr, nullptr},
};
const TridentPassRef kDotsInOrder[] = {
    {"gir-pipeline", "num-stages=3 async-dot=true overlap-dots=false",
     nullptr}};
const TridentPipelineEdit kDotsInOrderEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kDotsInOrder, 1,
     nullptr, nullptr},
};
const TridentPassRef kRegistersUnringed[] = {
    {"gir-pipeline", "num-stages=3 async-dot=true ring-register-loads=false",
     nullptr}};
const TridentPipelineEdit kRegistersUnringedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kRegistersUnringed,
     1, nullptr, nullptr},
};
const TridentPassRef kCopiesUnfenced[] = {
    {"gir-pipeline", "num-stages=3 async-dot=true fence-copies=false",
     nullptr}};
const TridentPipelineEdit kCopiesUnfencedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kCopiesUnfenced, 1,
     nullptr, nullptr},
};
const TridentPassRef kCopiesGrouped[] = {
    {"gir-pipeline", "num-stages=3 async-dot=true copy-wait=group", nullptr}};
const TridentPipelineEdit kCopiesGroupedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kCopiesGrouped, 1,
     nullptr, nullptr},
};
const TridentPassRef kDotsCarried[] = {
    {"gir-pipeline", "num-stages=3 async-dot=true carry-dots=true", nullptr}};
const TridentPipelineEdit kDotsCarriedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kDotsCarried, 1,
     nullptr, nullptr},
};
const TridentPassRef kRotateDots[] = {{"tir-rotate-dot-loops", "", nullptr}};
const TridentPassRef kRotatedPipeline[] = {
    {"tir-rotate-dot-loops", "", nullptr},
    {"gir-pipeline", "num-stages=3 async-dot=true dots-past-stage-waits=true",
     nullptr}};
const TridentPipelineEdit kDotsRotatedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-pipeline", kRotatedPipeline, 2,
     nullptr, nullptr},
    {TRIDENT_EDIT_INSERT_AFTER, "cpu", "tir", "tir-flatten-loops", kRotateDots,
     1, nullptr, nullptr},
};
const TridentPassRef kStoresPredicated[] = {
    {"convert-gir-to-llvm", "predicate-stores=true", nullptr}};
const TridentPipelineEdit kStoresPredicatedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "llir", "convert-gir-to-llvm",
     kStoresPredicated, 1, nullptr, nullptr},
};
const TridentPassRef kLoadsPredicated[] = {
    {"convert-gir-to-llvm", "predicate-loads=true", nullptr}};
const TridentPipelineEdit kLoadsPredicatedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "llir", "convert-gir-to-llvm",
     kLoadsPredicated, 1, nullptr, nullptr},
};
const TridentPassRef kLoadsBranched[] = {
    {"convert-gir-to-llvm", "predicate-loads-above=-1", nullptr}};
const TridentPipelineEdit kLoadsBranchedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "llir", "convert-gir-to-llvm",
     kLoadsBranched, 1, nullptr, nullptr},
};
const TridentPassRef kAccessesPredicated[] = {
    {"convert-gir-to-llvm", "predicate-loads=true predicate-stores=true",
     nullptr}};
const TridentPipelineEdit kAccessesPredicatedEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "llir", "convert-gir-to-llvm",
     kAccessesPredicated, 1, nullptr, nullptr},
};
const TridentNamedPipeline kPipelines[] = {
    {"copies-after-dot",
     "default, with gir-pipeline issuing copies after the previous MMAs' wait",
     kCopiesAfterDotEdits, std::size(kCopiesAfterDotEdits)},
    {"copies-at-top",
     "default, with gir-pipeline issuing copies at the top of each iteration",
     kCopiesAtTopEdits, std::size(kCopiesAtTopEdits)},
    {"dots-in-order",
     "default, with each of a loop's several dots completed where issued",
     kDotsInOrderEdits, std::size(kDotsInOrderEdits)},
    {"registers-unringed",
     "default, with a loop of dots leaving the loads it reads in registers "
     "unringed",
     kRegistersUnringedEdits, std::size(kRegistersUnringedEdits)},
    {"copies-unfenced",
     "default, with no proxy fence between cp.async stages and the wgmmas "
     "reading them",
     kCopiesUnfencedEdits, std::size(kCopiesUnfencedEdits)},
    {"copies-grouped",
     "default, with cp.async stages waited for by commit groups, not "
     "mbarriers",
     kCopiesGroupedEdits, std::size(kCopiesGroupedEdits)},
    {"dots-carried",
     "default, with a loop's last self-accumulating dots in flight across "
     "the back edge",
     kDotsCarriedEdits, std::size(kDotsCarriedEdits)},
    {"dots-rotated",
     "default, with a loop of two dots starting the next iteration's first "
     "before this one's second (attention's forward)",
     kDotsRotatedEdits, std::size(kDotsRotatedEdits)},
    {"stores-predicated",
     "default, with masked vector stores to global memory as predicated PTX",
     kStoresPredicatedEdits, std::size(kStoresPredicatedEdits)},
    {"loads-predicated",
     "default, with masked loads from global memory as predicated PTX",
     kLoadsPredicatedEdits, std::size(kLoadsPredicatedEdits)},
    {"loads-branched",
     "default, with every masked load from global memory under branches",
     kLoadsBranchedEdits, std::size(kLoadsBranchedEdits)},
    {"accesses-predicated",
     "default, with masked loads and stores of global memory as predicated "
     "PTX (as Triton emits them)",
     kAccessesPredicatedEdits, std::size(kAccessesPredicatedEdits)},
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "pipeline-variants";
  info.version = "1.0.0";
  info.description = "Example: named pipelines that retune one core pass "
                     "(copies-after-dot, copies-at-top, dots-in-order, "
                     "registers-unringed, copies-unfenced, copies-grouped, "
                     "dots-carried, dots-rotated, stores-predicated, "
                     "loads-predicated, loads-branched, accesses-predicated)";
  info.pipelines = kPipelines;
  info.numPipelines = std::size(kPipelines);
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
