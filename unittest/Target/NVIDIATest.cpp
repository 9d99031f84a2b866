//===- NVIDIATest.cpp - NVIDIA code generation and the driver loader ------===//
//
// The back half on hand-written LLVM-dialect kernels, through the C++ API:
// the translation steps in a pipeline (and the rules that bind them), the
// stage callback's view of the artifacts, kernel metadata and ptxas
// reports, and the errors of each piece. Nothing here needs a GPU.
//
//===----------------------------------------------------------------------===//
#include "../TestSupport.h"

#include "trident/Compiler/Compiler.h"
#include "trident/Runtime/CudaDriver.h"
#include "trident/Target/NVIDIA/NVIDIA.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>

using namespace llvm;
using namespace trident;
using namespace trident::nvidia;
using trident::test::errorText;

namespace {

std::string input(StringRef name) {
  return (Twine(TRIDENT_NVIDIA_INPUTS) + "/" + name).str();
}

bool contains(StringRef text, StringRef part) { return text.contains(part); }

const char *kVectorAddLL = R"ll(
define ptx_kernel void @vadd(ptr addrspace(1) %x, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %x, i32 %t
  %v = load float, ptr addrspace(1) %p
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %v, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)ll";

std::unique_ptr<Module> parseLL(LLVMContext &ctx, StringRef text) {
  SMDiagnostic diag;
  return parseAssemblyString(text, diag, ctx);
}

TEST(NVIDIA, PipelineReachesEveryArtifact) {
  Compiler compiler;
  auto module = compiler.parseFile(input("vector_add.mlir"));
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline = compiler.buildPipeline("cuda:90a");
  TRIDENT_ASSERT_EXPECTED(pipeline);

  std::vector<std::string> seen;
  TRIDENT_ASSERT_OK(compiler.run(
      **module, *pipeline, "cubin", [&](const Stage &s, mlir::ModuleOp) {
        const Artifact *a = compiler.artifact();
        seen.push_back(s.name + ":" +
                       (a && a->stage == s.name ? a->format : "mlir"));
      }));
  EXPECT_EQ(seen, (std::vector<std::string>{"tir:mlir", "gir:mlir", "llir:ll",
                                            "ptx:ptx", "cubin:cubin"}));
  const Artifact *cubin = compiler.artifact();
  ASSERT_NE(cubin, nullptr);
  EXPECT_TRUE(cubin->binary);
  EXPECT_EQ(StringRef(cubin->data).take_front(4), "\x7f" "ELF");
  EXPECT_TRUE(contains(cubin->log, "Used")) << cubin->log;
  auto meta = metadataFromJSON(json::Object(cubin->metadata), "test");
  TRIDENT_ASSERT_EXPECTED(meta);
  EXPECT_EQ(meta->name, "vector_add");
  EXPECT_EQ(meta->arch, "sm_90a");
  EXPECT_EQ(meta->numWarps, 4);
  EXPECT_GT(meta->ptxas.registers, 0);
  EXPECT_EQ(meta->ptxas.spillStores, 0);

  // With no stage named, the run stops before the first translation step.
  auto again = compiler.parseFile(input("vector_add.mlir"));
  TRIDENT_ASSERT_EXPECTED(again);
  seen.clear();
  TRIDENT_ASSERT_OK(compiler.run(**again, *pipeline, "",
                                 [&](const Stage &s, mlir::ModuleOp) {
                                   seen.push_back(s.name);
                                 }));
  EXPECT_EQ(seen, (std::vector<std::string>{"tir", "gir"}));
  EXPECT_EQ(compiler.artifact(), nullptr);
}

TEST(NVIDIA, StepOptionsAndPlacementRules) {
  Compiler compiler;
  auto make = [&](std::vector<PipelineEdit> edits) {
    return compiler.buildPipeline("cuda:90a", "default", edits);
  };
  auto run = [&](const Pipeline &p, StringRef until) {
    auto module = compiler.parseFile(input("vector_add.mlir"));
    if (!module)
      return toString(module.takeError());
    return errorText(compiler.run(**module, p, until));
  };

  // Step options are entry options: a newer PTX ISA.
  PipelineEdit replace;
  replace.kind = PipelineEdit::Kind::Replace;
  replace.stage = "ptx";
  replace.anchor = "llc-nvptx";
  replace.passes.push_back(PassEntry{"llc-nvptx", "ptx=88 opt=2"});
  auto ptx88 = make({replace});
  TRIDENT_ASSERT_EXPECTED(ptx88);
  EXPECT_EQ(run(*ptx88, "ptx"), "");
  ASSERT_NE(compiler.artifact(), nullptr);
  EXPECT_TRUE(contains(compiler.artifact()->data, ".version 8.8"));

  replace.passes[0].options = "ptx=88 fast=1";
  auto badOption = make({replace});
  TRIDENT_ASSERT_EXPECTED(badOption);
  EXPECT_EQ(run(*badOption, "ptx"),
            "stage 'ptx': translation step 'llc-nvptx': step 'llc-nvptx': "
            "unknown option 'fast' (known: ptx, opt)");

  replace.passes[0].options = "ptx=12";
  auto oldPtx = make({replace});
  TRIDENT_ASSERT_EXPECTED(oldPtx);
  EXPECT_TRUE(contains(run(*oldPtx, "ptx"), "PTX ISA version 12 is unknown"));

  // An MLIR pass after the module left MLIR.
  PipelineEdit append;
  append.kind = PipelineEdit::Kind::Append;
  append.stage = "ptx";
  append.passes.push_back(PassEntry{"cse"});
  auto late = make({append});
  TRIDENT_ASSERT_EXPECTED(late);
  EXPECT_EQ(run(*late, "ptx"),
            "stage 'ptx': entry 'cse' follows translation step 'llc-nvptx'; a "
            "translation step must be the last entry of its stage");

  PipelineEdit before;
  before.kind = PipelineEdit::Kind::InsertBefore;
  before.stage = "ptx";
  before.anchor = "llc-nvptx";
  before.passes.push_back(PassEntry{"cse"});
  auto translated = make({before});
  TRIDENT_ASSERT_EXPECTED(translated);
  EXPECT_EQ(run(*translated, "ptx"),
            "stage 'ptx': entry 'cse' is an MLIR pass, but the module was "
            "already translated to 'll' in stage 'llir'");

  // Steps check their input format.
  PipelineEdit disable;
  disable.kind = PipelineEdit::Kind::Disable;
  disable.stage = "ptx";
  disable.anchor = "llc-nvptx";
  auto noPtx = make({disable});
  TRIDENT_ASSERT_EXPECTED(noPtx);
  EXPECT_EQ(run(*noPtx, "cubin"),
            "stage 'cubin': translation step 'ptxas' needs 'ptx' input, but "
            "stage 'llir' produced 'll'");
}

TEST(NVIDIA, TranslationReadsKernelAttributes) {
  Compiler compiler;
  auto module = compiler.parseSource(R"mlir(
module attributes {trident.num_warps = 8 : i32} {
  gpu.module @g {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel,
        trident.shared_bytes = 65536 : i32,
        nvvm.cluster_dim = array<i32: 2, 1, 1>} {
      llvm.return
    }
  }
}
)mlir");
  TRIDENT_ASSERT_EXPECTED(module);
  LLVMContext ctx;
  KernelMetadata meta;
  auto llvmModule = translateToLLVMIR(**module, ctx, meta);
  TRIDENT_ASSERT_EXPECTED(llvmModule);
  EXPECT_NE((*llvmModule)->getFunction("k"), nullptr);
  EXPECT_EQ(meta.name, "k");
  EXPECT_EQ(meta.numWarps, 8);
  EXPECT_EQ(meta.sharedBytes, 65536);
  EXPECT_EQ(meta.cluster, (std::array<int64_t, 3>{2, 1, 1}));
  EXPECT_TRUE(meta.hasCluster());

  auto none = compiler.parseSource("module {}");
  TRIDENT_ASSERT_EXPECTED(none);
  EXPECT_TRUE(contains(errorText(translateToLLVMIR(**none, ctx, meta).takeError()),
                       "no kernel in the module"));

  auto badWarps = compiler.parseSource(R"mlir(
llvm.func @k() attributes {nvvm.kernel, trident.num_warps = 64 : i32} {
  llvm.return
}
)mlir");
  TRIDENT_ASSERT_EXPECTED(badWarps);
  EXPECT_EQ(errorText(translateToLLVMIR(**badWarps, ctx, meta).takeError()),
            "kernel 'k': trident.num_warps must be in 1..32, not 64");
}

TEST(NVIDIA, CompileToPTXErrors) {
  LLVMContext ctx;
  auto m = parseLL(ctx, kVectorAddLL);
  ASSERT_TRUE(m);
  PTXOptions options;
  options.arch = "sm_1000";
  EXPECT_EQ(errorText(compileToPTX(*m, options).takeError()),
            "unknown CUDA architecture 'sm_1000' (expected sm_XX, e.g. sm_80 "
            "or sm_90a)");
  options.arch = "sm_80";
  options.optLevel = 7;
  EXPECT_TRUE(contains(errorText(compileToPTX(*m, options).takeError()),
                       "optimization level must be 0..3"));
  options.optLevel = 3;
  auto ptx = compileToPTX(*m, options);
  TRIDENT_ASSERT_EXPECTED(ptx);
  EXPECT_TRUE(contains(*ptx, ".target sm_80"));
  EXPECT_TRUE(contains(*ptx, ".entry vadd("));
}

TEST(NVIDIA, Ptxas) {
  LLVMContext ctx;
  auto m = parseLL(ctx, kVectorAddLL);
  ASSERT_TRUE(m);
  auto ptx = compileToPTX(*m, PTXOptions());
  TRIDENT_ASSERT_EXPECTED(ptx);
  auto cubin = assemblePTX(*ptx, "sm_90a", "vadd");
  TRIDENT_ASSERT_EXPECTED(cubin);
  EXPECT_GT(cubin->stats.registers, 0);
  EXPECT_EQ(cubin->stats.spillLoads, 0);

  // ptxas's complaint is in the error.
  std::string broken = *ptx;
  broken.replace(broken.find(".entry vadd("), 12, ".entry vadd(@");
  std::string message = errorText(assemblePTX(broken, "sm_90a", "vadd").takeError());
  EXPECT_TRUE(contains(message, "ptxas failed (exit code")) << message;
  EXPECT_TRUE(contains(message, "syntax error")) << message;

  EXPECT_EQ(errorText(assemblePTX(*ptx, "gfx942", "vadd").takeError()),
            "unknown CUDA architecture 'gfx942' (expected sm_XX, e.g. sm_80 or "
            "sm_90a)");

  ::setenv("TRIDENT_PTXAS", "/nonexistent/ptxas", 1);
  EXPECT_EQ(errorText(findPtxas().takeError()),
            "TRIDENT_PTXAS=/nonexistent/ptxas is not an executable file");
  ::unsetenv("TRIDENT_PTXAS");
}

TEST(NVIDIA, PtxasReport) {
  const char *report =
      "ptxas info    : (C7514) Potential Performance Loss: wgmma.mma_async "
      "instructions are serialized due to non wgmma instructions reading "
      "accumulator registers of  a wgmma between start and end of the "
      "pipeline stage in the function 'gemm'\n"
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'helper' for 'sm_90a'\n"
      "ptxas info    : Function properties for helper\n"
      "    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 40 registers\n"
      "ptxas info    : Compiling entry function 'gemm' for 'sm_90a'\n"
      "ptxas info    : Function properties for gemm\n"
      "    16 bytes stack frame, 12 bytes spill stores, 20 bytes spill loads\n"
      "ptxas info    : Used 168 registers, used 1 barriers, 49152 bytes smem, "
      "400 bytes cmem[0]\n";
  auto stats = parsePtxasReport(report, "gemm");
  TRIDENT_ASSERT_EXPECTED(stats);
  EXPECT_EQ(stats->registers, 168);
  EXPECT_EQ(stats->spillStores, 12);
  EXPECT_EQ(stats->spillLoads, 20);
  EXPECT_EQ(stats->stackFrame, 16);
  EXPECT_EQ(stats->staticSharedBytes, 49152);
  EXPECT_EQ(stats->barriers, 1);
  EXPECT_TRUE(stats->wgmmaSerialized);
  auto helper = parsePtxasReport(report, "helper");
  TRIDENT_ASSERT_EXPECTED(helper);
  EXPECT_FALSE(helper->wgmmaSerialized);
  EXPECT_EQ(errorText(parsePtxasReport(report, "nope").takeError()),
            "the ptxas -v report says nothing about kernel 'nope' (no 'Used N "
            "registers' line)");
}

TEST(NVIDIA, MetadataRoundTripAndErrors) {
  KernelMetadata m;
  m.name = "k";
  m.target = "cuda:90a";
  m.arch = "sm_90a";
  m.numWarps = 8;
  m.sharedBytes = 100000;
  m.cluster = {2, 1, 1};
  m.ptxas.registers = 90;
  m.ptxas.spillStores = 4;
  std::string path = (testing::TempDir() + "/trident-meta-test.json");
  TRIDENT_ASSERT_OK(writeKernelMetadata(m, path));
  auto back = readKernelMetadata(path);
  TRIDENT_ASSERT_EXPECTED(back);
  EXPECT_EQ(back->name, "k");
  EXPECT_EQ(back->numWarps, 8);
  EXPECT_EQ(back->sharedBytes, 100000);
  EXPECT_EQ(back->cluster, m.cluster);
  EXPECT_EQ(back->ptxas.registers, 90);
  EXPECT_EQ(back->ptxas.spillStores, 4);
  EXPECT_EQ(back->threadsPerBlock(), 256);
  EXPECT_EQ(metadataPathFor("/a/b/k.cubin"), "/a/b/k.json");

  auto err = [](StringRef text) {
    return errorText(parseKernelMetadata(text, "m.json").takeError());
  };
  EXPECT_TRUE(contains(err("[1"), "m.json: bad kernel metadata: not JSON"));
  EXPECT_EQ(err("[]"), "m.json: bad kernel metadata: not a JSON object");
  EXPECT_EQ(err("{}"), "m.json: bad kernel metadata: missing 'name'");
  EXPECT_EQ(err(R"({"name": "k", "num_warps": "4"})"),
            "m.json: bad kernel metadata: 'num_warps' must be an integer >= 1");
  EXPECT_EQ(err(R"({"name": "k", "cluster": [1, 2]})"),
            "m.json: bad kernel metadata: 'cluster' must be an array of three "
            "integers");
  EXPECT_EQ(errorText(readKernelMetadata("/nonexistent/k.json").takeError()),
            "/nonexistent/k.json: cannot read kernel metadata: No such file or "
            "directory");
}

TEST(CudaDriver, MissingLibraryIsAnError) {
  ::setenv("TRIDENT_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  auto driver = cuda::Driver::load();
  ::unsetenv("TRIDENT_LIBCUDA");
  std::string message = errorText(driver.takeError());
  EXPECT_TRUE(contains(message, "cannot load the CUDA driver library "
                                "'/nonexistent/libcuda.so.1'"))
      << message;
}

} // namespace
