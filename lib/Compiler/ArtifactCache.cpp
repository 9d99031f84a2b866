//===- ArtifactCache.cpp - A disk cache of compiled kernels ---------------===//
#include "trident/Compiler/ArtifactCache.h"
#include "trident/Compiler/Compiler.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <unistd.h>

using namespace llvm;

namespace trident {

std::string ArtifactCache::defaultDirectory() {
  if (std::optional<std::string> dir = sys::Process::GetEnv("TRIDENT_CACHE_DIR"))
    if (!dir->empty())
      return *dir;
  SmallString<256> path;
  if (std::optional<std::string> xdg = sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty()) {
    path = *xdg;
  } else if (sys::path::home_directory(path)) {
    sys::path::append(path, ".cache");
  } else {
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, path);
  }
  sys::path::append(path, "trident");
  return path.str().str();
}

std::string ArtifactCache::key(StringRef moduleText, const Pipeline &pipeline,
                               StringRef stage) {
  std::string text = pipeline.fingerprint;
  text += "\n";
  text += stage;
  text += "\n";
  text += moduleText;
  return utohexstr(xxh3_64bits(text), /*LowerCase=*/true, /*Width=*/16);
}

static Error writeFile(StringRef path, StringRef data) {
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_None);
  if (ec)
    return createStringError("artifact cache: cannot write " + path + ": " +
                             ec.message());
  os << data;
  os.close();
  if (os.has_error())
    return createStringError("artifact cache: cannot write " + path + ": " +
                             os.error().message());
  return Error::success();
}

Error ArtifactCache::store(StringRef key, const Artifact &artifact) const {
  if (std::error_code ec = sys::fs::create_directories(dir))
    return createStringError("artifact cache: cannot create " + dir + ": " +
                             ec.message());
  // A private directory first, renamed into place when complete.
  SmallString<256> tmp(dir);
  sys::path::append(tmp, (".tmp-" + key + "-" + Twine(::getpid())).str());
  sys::fs::remove_directories(tmp);
  if (std::error_code ec = sys::fs::create_directory(tmp))
    return createStringError("artifact cache: cannot create " + tmp + ": " +
                             ec.message());
  scope_exit cleanup([&] { sys::fs::remove_directories(tmp); });
  SmallString<256> data(tmp), meta(tmp);
  sys::path::append(data, "artifact." + artifact.format);
  sys::path::append(meta, "artifact.json");
  if (Error e = writeFile(data, artifact.data))
    return e;
  json::Object desc{{"format", artifact.format},
                    {"binary", artifact.binary},
                    {"stage", artifact.stage},
                    {"log", artifact.log},
                    {"metadata", json::Object(artifact.metadata)}};
  std::string text;
  raw_string_ostream os(text);
  os << json::Value(std::move(desc));
  if (Error e = writeFile(meta, text))
    return e;
  SmallString<256> final(dir);
  sys::path::append(final, key);
  // Another writer may have won the race: its entry is as good as ours.
  sys::fs::remove_directories(final);
  if (std::error_code ec = sys::fs::rename(tmp, final))
    if (!sys::fs::exists(final))
      return createStringError("artifact cache: cannot move " + tmp + " to " +
                               final + ": " + ec.message());
  return Error::success();
}

Expected<std::optional<Artifact>>
ArtifactCache::lookup(StringRef key) const {
  if (!sys::fs::exists(dir))
    return std::nullopt;
  if (!sys::fs::is_directory(dir))
    return createStringError("artifact cache: " + dir + " is not a directory");
  SmallString<256> entry(dir);
  sys::path::append(entry, key);
  SmallString<256> meta(entry);
  sys::path::append(meta, "artifact.json");
  ErrorOr<std::unique_ptr<MemoryBuffer>> metaBuf = MemoryBuffer::getFile(meta);
  if (!metaBuf)
    return std::nullopt;
  Expected<json::Value> parsed = json::parse((*metaBuf)->getBuffer());
  if (!parsed) {
    consumeError(parsed.takeError());
    return std::nullopt;
  }
  const json::Object *o = parsed->getAsObject();
  if (!o)
    return std::nullopt;
  Artifact a;
  std::optional<StringRef> format = o->getString("format");
  std::optional<StringRef> stage = o->getString("stage");
  std::optional<bool> binary = o->getBoolean("binary");
  const json::Object *metadata = o->getObject("metadata");
  if (!format || !stage || !binary || !metadata || format->empty())
    return std::nullopt;
  a.format = format->str();
  a.stage = stage->str();
  a.binary = *binary;
  a.metadata = *metadata;
  if (std::optional<StringRef> log = o->getString("log"))
    a.log = log->str();
  SmallString<256> data(entry);
  sys::path::append(data, "artifact." + a.format);
  ErrorOr<std::unique_ptr<MemoryBuffer>> dataBuf = MemoryBuffer::getFile(
      data, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!dataBuf)
    return std::nullopt;
  a.data = (*dataBuf)->getBuffer().str();
  return a;
}

Expected<Artifact> compileCached(Compiler &compiler, mlir::ModuleOp module,
                                 const Pipeline &pipeline, StringRef stage,
                                 const ArtifactCache *cache, bool *hit) {
  if (hit)
    *hit = false;
  std::string key;
  if (cache) {
    std::string text;
    raw_string_ostream os(text);
    module->print(os);
    key = ArtifactCache::key(text, pipeline, stage);
    Expected<std::optional<Artifact>> found = cache->lookup(key);
    if (!found)
      return found.takeError();
    if (*found) {
      if (hit)
        *hit = true;
      return std::move(**found);
    }
  }
  if (Error err = compiler.run(module, pipeline, stage))
    return std::move(err);
  const Artifact *artifact = compiler.artifact();
  if (!artifact || artifact->stage != stage)
    return createStringError("stage '" + stage +
                             "' leaves no artifact (it does not end in a "
                             "translation step): nothing to cache");
  if (cache)
    if (Error err = cache->store(key, *artifact))
      return std::move(err);
  return *artifact;
}

} // namespace trident
