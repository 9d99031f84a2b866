//===- KernelMetadata.h - What a launcher needs to know about a cubin -*- C++ -*-===//
//
// The facts about one compiled kernel that travel with its cubin, as a small
// JSON file next to it (`vector_add.cubin` -> `vector_add.json`):
//
//   {"name": "vector_add", "target": "cuda:90a", "arch": "sm_90a",
//    "num_warps": 4, "shared_bytes": 0, "cluster": [1, 1, 1],
//    "registers": 12, "spill_stores": 0, "spill_loads": 0,
//    "stack_frame": 0, "static_shared_bytes": 0, "barriers": 0,
//    "wgmma_serialized": false,
//    "tma_arguments": [{"index": 0, "dtype": "bf16", "elem_bytes": 2,
//                       "block": [128, 64], "box": [128, 64],
//                       "swizzle": 128}]}
//
// The first group comes from the MLIR module (see translateToLLVMIR), the
// second from ptxas's -v report. `shared_bytes` is the dynamic shared memory
// a launch must request; `static_shared_bytes` is what ptxas allocated.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TARGET_NVIDIA_KERNELMETADATA_H
#define TRIDENT_TARGET_NVIDIA_KERNELMETADATA_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace trident::nvidia {

/// Statistics of one function from `ptxas -v`.
struct PtxasStats {
  int64_t registers = -1; ///< -1: not reported
  int64_t spillStores = 0;
  int64_t spillLoads = 0;
  int64_t stackFrame = 0;
  int64_t staticSharedBytes = 0;
  int64_t barriers = 0;
  /// ptxas made the kernel's wgmma instructions wait for each other
  /// (warning C7514: something it could not see through sits in their
  /// pipeline), which costs most of their speed.
  bool wgmmaSerialized = false;
};

/// A kernel argument that is a TMA descriptor (a `!tir.tensordesc`): the
/// launcher builds it with cuTensorMapEncodeTiled from the tensor's address,
/// sizes and strides and these facts, and passes its 128 bytes by value.
struct TmaArgument {
  int64_t index = 0;         ///< position among the kernel's arguments
  std::string dtype;         ///< "bf16", "f16", "f32", "i32", ...
  int64_t elemBytes = 0;
  std::vector<int64_t> block; ///< block shape, outermost first
  std::vector<int64_t> box;   ///< TMA box, outermost first
  int64_t swizzle = 0;        ///< 0, 32, 64 or 128 bytes
};

struct KernelMetadata {
  std::string name;
  std::string target; ///< "cuda:90a"
  std::string arch;   ///< "sm_90a"
  int64_t numWarps = 4;
  int64_t sharedBytes = 0; ///< dynamic shared memory to request at launch
  std::array<int64_t, 3> cluster = {1, 1, 1};
  PtxasStats ptxas;
  std::vector<TmaArgument> tmaArguments;
  /// Global scratch bytes per program (tensor maps the kernel builds: 128
  /// per descriptor it makes), 128-byte aligned; 0: none. When not 0 the
  /// kernel takes one more parameter, last: a pointer to grid-size times
  /// this many bytes.
  int64_t globalScratchBytes = 0;
  /// Whether a*b+c may become one fused multiply-add, in LLVM's NVPTX back
  /// end and in ptxas (Triton's enable_fp_fusion; module attribute
  /// `trident.fp_fusion`). Written to JSON only when false.
  bool fpFusion = true;

  int64_t threadsPerBlock() const { return numWarps * 32; }
  bool hasCluster() const {
    return cluster[0] * cluster[1] * cluster[2] > 1;
  }
};

llvm::json::Value toJSON(const KernelMetadata &meta);
/// Reads metadata; `what` names the source in error messages.
llvm::Expected<KernelMetadata> metadataFromJSON(const llvm::json::Value &value,
                                                llvm::StringRef what);
llvm::Expected<KernelMetadata> parseKernelMetadata(llvm::StringRef text,
                                                   llvm::StringRef what);
llvm::Expected<KernelMetadata> readKernelMetadata(llvm::StringRef path);
llvm::Error writeKernelMetadata(const KernelMetadata &meta,
                                llvm::StringRef path);
/// The metadata file next to a binary: "dir/k.cubin" -> "dir/k.json".
std::string metadataPathFor(llvm::StringRef binaryPath);

/// Parses ptxas's -v report (its stdout and stderr) and returns the
/// statistics of entry function `kernel`; an error if the report does not
/// mention it.
llvm::Expected<PtxasStats> parsePtxasReport(llvm::StringRef report,
                                            llvm::StringRef kernel);

} // namespace trident::nvidia

#endif
