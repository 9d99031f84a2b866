//===- ArtifactCacheTest.cpp - The artifact cache's integrity checks ------===//
//
// A small kernel compiled for cpu:x86-64 through stage llir with a cache;
// then its entry is damaged in each way a disk, an editor or another user
// can damage it (truncated, emptied, random bytes, edited, a symbolic link
// to a file inside or outside the cache, a FIFO, a directory, oversized, a
// description that disagrees with what was asked for) and compiled again.
// Each time: exactly one warning naming the damaged path and the reason,
// no hit, the same artifact as the first compile, and a hit on the entry
// stored again. Files outside the cache are never touched.
//
//===----------------------------------------------------------------------===//
#include "../TestSupport.h"

#include "trident/Compiler/ArtifactCache.h"
#include "trident/Compiler/Compiler.h"
#include "trident/Runtime/CpuRunner.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <random>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace trident;

namespace {

constexpr const char *kKernel = R"mlir(
func.func @scale(%x: !tir.ptr<f32>, %out: !tir.ptr<f32>) attributes {tir.kernel} {
  %r = tir.make_range 0 to 16 : tensor<16xi32>
  %xs = tir.splat %x : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %xp = tir.addptr %xs, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  %v = tir.load %xp : tensor<16x!tir.ptr<f32>>
  %w = arith.addf %v, %v : tensor<16xf32>
  %os = tir.splat %out : !tir.ptr<f32> -> tensor<16x!tir.ptr<f32>>
  %op = tir.addptr %os, %r : tensor<16x!tir.ptr<f32>>, tensor<16xi32>
  tir.store %op, %w : tensor<16x!tir.ptr<f32>>
  return
}
)mlir";

std::string readAll(StringRef path) {
  auto buf = MemoryBuffer::getFile(path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  return buf ? (*buf)->getBuffer().str() : std::string();
}

void writeAll(StringRef path, StringRef data) {
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << path.str() << ": " << ec.message();
  os << data;
}

std::string sha256Hex(StringRef data) {
  return toHex(SHA256::hash(arrayRefFromStringRef(data)), true);
}

/// Rewrites the description at `path` with `edit` applied and its checksum
/// recomputed as ArtifactCache writes it (over the text with the checksum's
/// digits as zeros): a description consistent with itself that says
/// something else.
void rewriteDescription(StringRef path,
                        function_ref<void(json::Object &)> edit) {
  Expected<json::Value> v = json::parse(readAll(path));
  ASSERT_TRUE(bool(v)) << toString(v.takeError());
  json::Object &o = *v->getAsObject();
  edit(o);
  std::string zeros(64, '0');
  o["description_sha256"] = zeros;
  std::string text;
  raw_string_ostream os(text);
  os << json::Value(std::move(o));
  size_t at = text.find("\"description_sha256\":\"" + zeros);
  ASSERT_NE(at, std::string::npos);
  text.replace(at + 22, 64, sha256Hex(text));
  writeAll(path, text);
}

class ArtifactCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    SmallString<128> dir;
    ASSERT_FALSE(sys::fs::createUniqueDirectory("trident-cache-test", dir));
    root = dir.str().str();
    cacheDir = root + "/cache";
    outside = root + "/outside";
    ASSERT_FALSE(sys::fs::create_directories(outside));
    cache.emplace(cacheDir,
                  [this](StringRef m) { warnings.push_back(m.str()); });
    bool hit = true;
    Expected<Artifact> first = compile(&hit);
    TRIDENT_ASSERT_EXPECTED(first);
    ASSERT_FALSE(hit);
    reference = std::move(*first);
    ASSERT_EQ(reference.format, "ll");
    std::error_code ec;
    for (sys::fs::directory_iterator it(cacheDir, ec), end; it != end && !ec;
         it.increment(ec))
      if (!sys::path::filename(it->path()).starts_with("."))
        key = sys::path::filename(it->path()).str();
    ASSERT_EQ(key.size(), 16u);
    entry = cacheDir + "/" + key;
    data = entry + "/artifact.ll";
    meta = entry + "/artifact.json";
    ASSERT_TRUE(warnings.empty()) << warnings.front();
  }

  void TearDown() override { sys::fs::remove_directories(root); }

  Expected<Artifact> compile(bool *hit, const AcceptArtifact &accept = {}) {
    Compiler compiler;
    Expected<Pipeline> pipeline = compiler.buildPipeline("cpu:x86-64");
    if (!pipeline)
      return pipeline.takeError();
    auto module = compiler.parseSource(kKernel);
    if (!module)
      return module.takeError();
    return compileCached(compiler, **module, *pipeline, "llir", &*cache, hit,
                         accept);
  }

  /// After damaging the entry: the next compile warns once, naming `path`
  /// and `reason`, rebuilds the reference artifact and stores it again, so
  /// the compile after that hits without a warning.
  void expectRebuilt(StringRef path, StringRef reason) {
    size_t before = warnings.size();
    bool hit = true;
    Expected<Artifact> again = compile(&hit);
    TRIDENT_ASSERT_EXPECTED(again);
    EXPECT_FALSE(hit);
    EXPECT_EQ(again->data, reference.data);
    ASSERT_EQ(warnings.size(), before + 1) << "expected one warning";
    const std::string &w = warnings.back();
    EXPECT_TRUE(StringRef(w).contains("artifact cache entry " + path.str() +
                                      " is unusable ("))
        << w;
    EXPECT_TRUE(StringRef(w).contains(reason)) << w;
    EXPECT_TRUE(StringRef(w).ends_with("it is removed and rebuilt")) << w;
    Expected<Artifact> third = compile(&hit);
    TRIDENT_ASSERT_EXPECTED(third);
    EXPECT_TRUE(hit);
    EXPECT_EQ(third->data, reference.data);
    EXPECT_EQ(warnings.size(), before + 1) << warnings.back();
  }

  std::string root, cacheDir, outside, key, entry, data, meta;
  std::optional<ArtifactCache> cache;
  std::vector<std::string> warnings;
  Artifact reference;
};

TEST_F(ArtifactCacheTest, GoodEntryHits) {
  bool hit = false;
  Expected<Artifact> again = compile(&hit);
  TRIDENT_ASSERT_EXPECTED(again);
  EXPECT_TRUE(hit);
  EXPECT_EQ(again->data, reference.data);
  EXPECT_EQ(again->stage, "llir");
  EXPECT_TRUE(warnings.empty());
}

TEST_F(ArtifactCacheTest, TruncatedArtifact) {
  writeAll(data, reference.data.substr(0, reference.data.size() / 2));
  expectRebuilt(data, "its description records (truncated or extended)");
}

TEST_F(ArtifactCacheTest, EmptyArtifact) {
  writeAll(data, "");
  expectRebuilt(data, "is empty");
}

TEST_F(ArtifactCacheTest, RandomBytes) {
  std::mt19937 rng(13);
  std::string noise(reference.data.size(), '\0');
  for (char &c : noise)
    c = char(rng());
  writeAll(data, noise);
  expectRebuilt(data, "its SHA-256 is not the one its description records");
}

TEST_F(ArtifactCacheTest, EditedArtifact) {
  std::string edited = reference.data;
  size_t at = edited.find("fadd");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, 4, "fsub");
  writeAll(data, edited);
  expectRebuilt(data, "its SHA-256 is not the one its description records");
}

TEST_F(ArtifactCacheTest, EditedDescription) {
  std::string text = readAll(meta);
  size_t at = text.find("\"binary\":false");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 14, "\"binary\":true ");
  writeAll(meta, text);
  expectRebuilt(meta, "does not match its own SHA-256");
}

TEST_F(ArtifactCacheTest, GarbageDescription) {
  writeAll(meta, "garbage");
  expectRebuilt(meta, "is not valid JSON");
}

TEST_F(ArtifactCacheTest, SymlinkInsideTheCache) {
  std::string copy = cacheDir + "/copy.ll";
  writeAll(copy, reference.data);
  ASSERT_EQ(::unlink(data.c_str()), 0);
  ASSERT_EQ(::symlink(copy.c_str(), data.c_str()), 0);
  expectRebuilt(data, "is a symbolic link, not a regular file");
  EXPECT_EQ(readAll(copy), reference.data) << "the link's target survives";
}

TEST_F(ArtifactCacheTest, SymlinkOutsideTheCache) {
  std::string target = outside + "/artifact.ll";
  writeAll(target, reference.data);
  ASSERT_EQ(::unlink(data.c_str()), 0);
  ASSERT_EQ(::symlink(target.c_str(), data.c_str()), 0);
  expectRebuilt(data, "is a symbolic link, not a regular file");
  EXPECT_EQ(readAll(target), reference.data) << "the link's target survives";
}

TEST_F(ArtifactCacheTest, SymlinkedDescription) {
  std::string target = outside + "/artifact.json";
  writeAll(target, readAll(meta));
  ASSERT_EQ(::unlink(meta.c_str()), 0);
  ASSERT_EQ(::symlink(target.c_str(), meta.c_str()), 0);
  expectRebuilt(meta, "is a symbolic link, not a regular file");
  EXPECT_TRUE(sys::fs::exists(target));
}

// The entry itself a link to a good copy outside the cache: refused, and
// only the link is removed, not what it points to.
TEST_F(ArtifactCacheTest, SymlinkedEntryDirectory) {
  std::string copy = outside + "/entry";
  ASSERT_FALSE(sys::fs::create_directories(copy));
  writeAll(copy + "/artifact.ll", reference.data);
  writeAll(copy + "/artifact.json", readAll(meta));
  ASSERT_FALSE(sys::fs::remove_directories(entry));
  ASSERT_EQ(::symlink(copy.c_str(), entry.c_str()), 0);
  expectRebuilt(entry, "is a symbolic link, not a directory");
  EXPECT_EQ(readAll(copy + "/artifact.ll"), reference.data);
  EXPECT_TRUE(sys::fs::exists(copy + "/artifact.json"));
}

TEST_F(ArtifactCacheTest, FifoIsNeverOpened) {
  ASSERT_EQ(::unlink(data.c_str()), 0);
  ASSERT_EQ(::mkfifo(data.c_str(), 0600), 0);
  expectRebuilt(data, "is a named pipe (FIFO), not a regular file");
}

TEST_F(ArtifactCacheTest, DirectoryInPlaceOfTheArtifact) {
  ASSERT_EQ(::unlink(data.c_str()), 0);
  ASSERT_FALSE(sys::fs::create_directories(data + "/inner"));
  expectRebuilt(data, "is a directory, not a regular file");
}

// Sparse files: the cap is checked before anything is read.
TEST_F(ArtifactCacheTest, OversizedArtifact) {
  ASSERT_EQ(::truncate(data.c_str(), ArtifactCache::kMaxArtifactBytes + 1), 0);
  expectRebuilt(data, "is 268435457 bytes, over the cap of 268435456 bytes");
}

TEST_F(ArtifactCacheTest, OversizedDescription) {
  ASSERT_EQ(::truncate(meta.c_str(), uint64_t(1) << 30), 0);
  expectRebuilt(meta, "is 1073741824 bytes, over the cap of 16777216 bytes");
}

TEST_F(ArtifactCacheTest, SizeThatDisagrees) {
  rewriteDescription(meta, [&](json::Object &o) {
    o["size"] = int64_t(reference.data.size() + 1);
  });
  expectRebuilt(data, "not the " + std::to_string(reference.data.size() + 1) +
                          " bytes its description records");
}

TEST_F(ArtifactCacheTest, StageThatDisagrees) {
  rewriteDescription(meta, [](json::Object &o) { o["stage"] = "obj"; });
  expectRebuilt(meta, "is for stage 'obj', not the requested 'llir'");
}

TEST_F(ArtifactCacheTest, FormatThatDisagrees) {
  rewriteDescription(meta, [](json::Object &o) { o["format"] = "obj"; });
  ASSERT_FALSE(sys::fs::rename(data, entry + "/artifact.obj"));
  expectRebuilt(meta, "holds a 'obj' artifact, but stage 'llir' produces 'll'");
}

TEST_F(ArtifactCacheTest, FormatThatIsAPath) {
  rewriteDescription(meta,
                     [](json::Object &o) { o["format"] = "../../outside"; });
  expectRebuilt(meta, "names the format '../../outside', not a plain name");
}

TEST_F(ArtifactCacheTest, KeyThatDisagrees) {
  rewriteDescription(meta,
                     [](json::Object &o) { o["key"] = "0123456789abcdef"; });
  expectRebuilt(meta, "was stored under key '0123456789abcdef'");
}

TEST_F(ArtifactCacheTest, OlderFormatVersion) {
  rewriteDescription(meta, [](json::Object &o) { o["version"] = 1; });
  expectRebuilt(meta, "has cache format version 1, not 2");
}

// A file gone (removed by hand, or mid-replacement by another writer) is a
// plain miss: no warning, rebuilt.
TEST_F(ArtifactCacheTest, MissingFileIsAQuietMiss) {
  ASSERT_EQ(::unlink(data.c_str()), 0);
  bool hit = true;
  Expected<Artifact> again = compile(&hit);
  TRIDENT_ASSERT_EXPECTED(again);
  EXPECT_FALSE(hit);
  EXPECT_EQ(again->data, reference.data);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(readAll(data), reference.data);
}

// The same path damaged twice in one process: reported the first time only,
// rebuilt both times.
TEST_F(ArtifactCacheTest, WarnsOncePerPath) {
  writeAll(data, "");
  expectRebuilt(data, "is empty");
  writeAll(data, "");
  bool hit = true;
  Expected<Artifact> again = compile(&hit);
  TRIDENT_ASSERT_EXPECTED(again);
  EXPECT_FALSE(hit);
  EXPECT_EQ(again->data, reference.data);
  EXPECT_EQ(warnings.size(), 1u);
}

// An entry whose checks pass but whose artifact its user cannot load (the
// CPU runner's case) is discarded and rebuilt.
TEST_F(ArtifactCacheTest, UnloadableArtifactIsDiscarded) {
  Artifact bad = reference;
  bad.data = "this is not LLVM IR\n";
  TRIDENT_ASSERT_OK(cache->store(key, bad));
  auto load = [](const Artifact &a) -> Error {
    auto kernel = cpu::CpuKernel::load(a);
    return kernel ? Error::success() : kernel.takeError();
  };
  bool hit = true;
  Expected<Artifact> again = compile(&hit, load);
  TRIDENT_ASSERT_EXPECTED(again);
  EXPECT_FALSE(hit);
  EXPECT_EQ(again->data, reference.data);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_TRUE(StringRef(warnings[0]).contains(data + " is unusable (it "
                                                     "cannot be used: "))
      << warnings[0];
  Expected<Artifact> third = compile(&hit, load);
  TRIDENT_ASSERT_EXPECTED(third);
  EXPECT_TRUE(hit);
  EXPECT_EQ(warnings.size(), 1u);
}

// Writers racing on one key leave one good entry and no temporaries.
TEST_F(ArtifactCacheTest, ConcurrentWritersLeaveOneGoodEntry) {
  std::vector<std::thread> writers;
  std::atomic<int> failures{0};
  for (int i = 0; i < 8; ++i)
    writers.emplace_back([&] {
      for (int j = 0; j < 20; ++j)
        if (Error e = cache->store(key, reference)) {
          consumeError(std::move(e));
          ++failures;
        }
    });
  for (std::thread &t : writers)
    t.join();
  EXPECT_EQ(failures.load(), 0);
  bool hit = false;
  Expected<Artifact> again = compile(&hit);
  TRIDENT_ASSERT_EXPECTED(again);
  EXPECT_TRUE(hit);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  std::error_code ec;
  int entries = 0;
  for (sys::fs::directory_iterator it(cacheDir, ec), end; it != end && !ec;
       it.increment(ec))
    ++entries;
  EXPECT_EQ(entries, 1) << "temporaries left behind";
}

TEST_F(ArtifactCacheTest, CacheDirectoryThatIsAFile) {
  std::string file = root + "/file";
  writeAll(file, "x");
  ArtifactCache notADirectory(file, [](StringRef) {});
  auto found = notADirectory.lookup(key, "llir", "ll");
  ASSERT_FALSE(bool(found));
  EXPECT_TRUE(StringRef(toString(found.takeError()))
                  .contains("is not a directory"));
}

TEST_F(ArtifactCacheTest, KeyThatIsAPathIsRefused) {
  auto found = cache->lookup("../outside", "llir", "ll");
  ASSERT_FALSE(bool(found));
  EXPECT_TRUE(StringRef(toString(found.takeError()))
                  .contains("is not a cache key"));
}

// The cache checks an entry's format against the one the stage's step
// declares, so a step must produce what it declares: one that does not is
// an error of the compile, not a cache entry refused on every read.
TEST(TranslationStepFormat, AnotherFormatThanDeclaredIsAnError) {
  TRIDENT_ASSERT_OK(registerTranslationStep(
      {"test-misdeclared-step", "declares ll, produces obj", "mlir", "ll",
       [](const StepInput &) -> Expected<Artifact> {
         Artifact a;
         a.format = "obj";
         a.data = "x";
         a.binary = true;
         return a;
       }}));
  Compiler compiler;
  Expected<Pipeline> pipeline = compiler.buildPipeline("cpu:x86-64");
  TRIDENT_ASSERT_EXPECTED(pipeline);
  Stage *llir = pipeline->findStage("llir");
  ASSERT_NE(llir, nullptr);
  ASSERT_TRUE(lookupTranslationStep(llir->entries.back().pass));
  llir->entries.back().pass = "test-misdeclared-step";
  EXPECT_EQ(stageArtifactFormat(*pipeline, "llir"), "ll");
  auto module = compiler.parseSource(kKernel);
  TRIDENT_ASSERT_EXPECTED(module);
  std::string err =
      test::errorText(compiler.run(**module, *pipeline, "llir"));
  EXPECT_TRUE(StringRef(err).contains(
      "translation step 'test-misdeclared-step' declares 'll' output but "
      "produced a 'obj' artifact"))
      << err;
}

} // namespace
