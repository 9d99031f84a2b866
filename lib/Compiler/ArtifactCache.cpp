//===- ArtifactCache.cpp - A disk cache of compiled kernels ---------------===//
#include "trident/Compiler/ArtifactCache.h"
#include "CacheFiles.h"
#include "trident/Compiler/Compiler.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace trident {

namespace {

constexpr StringLiteral kDescriptionFile = "artifact.json";
constexpr StringLiteral kChecksumField = "description_sha256";

std::string sha256Hex(StringRef data) {
  return toHex(SHA256::hash(arrayRefFromStringRef(data)), /*LowerCase=*/true);
}

bool isHexDigest(StringRef s) {
  return s.size() == 64 && all_of(s, [](char c) {
           return isDigit(c) || (c >= 'a' && c <= 'f');
         });
}

/// A key or a format: it becomes a file name, so letters, digits, '_' and
/// '-' only, at most 64 of them.
bool isPlainName(StringRef s) {
  return !s.empty() && s.size() <= 64 && all_of(s, [](char c) {
    return isAlnum(c) || c == '_' || c == '-';
  });
}

/// The description's text with its checksum's digits as zeros: what the
/// checksum covers. Empty if `text` does not hold `digest` as the value
/// of its checksum field.
std::string checksummedText(StringRef text, StringRef digest) {
  std::string needle = ("\"" + kChecksumField + "\":\"" + digest + "\"").str();
  size_t at = text.find(needle);
  if (at == StringRef::npos || text.find(needle, at + 1) != StringRef::npos)
    return "";
  std::string out = text.str();
  out.replace(at + needle.size() - 65, 64, 64, '0');
  return out;
}

/// The description of `artifact` stored under `key`: its text, with the
/// checksum over that text (its own digits taken as zeros) in place.
std::string describe(StringRef key, const Artifact &artifact) {
  json::Object desc{{"version", ArtifactCache::kFormatVersion},
                    {"key", key},
                    {"stage", artifact.stage},
                    {"format", artifact.format},
                    {"binary", artifact.binary},
                    {"size", int64_t(artifact.data.size())},
                    {"sha256", sha256Hex(artifact.data)},
                    {"log", artifact.log},
                    {"metadata", json::Object(artifact.metadata)},
                    {kChecksumField, std::string(64, '0')}};
  std::string text;
  raw_string_ostream os(text);
  os << json::Value(std::move(desc));
  std::string zeros = ("\"" + kChecksumField + "\":\"" + std::string(64, '0') +
                       "\"").str();
  size_t at = text.find(zeros);
  text.replace(at + zeros.size() - 65, 64, sha256Hex(text));
  return text;
}

/// What a description promises about its artifact.
struct Description {
  Artifact artifact;
  uint64_t size = 0;
  std::string sha256;
};

/// The description `text` of the entry under `key`, checked against
/// itself and against the stage and format asked for; the error is the
/// reason the entry is bad.
Expected<Description> parseDescription(StringRef text, StringRef key,
                                       StringRef stage, StringRef format) {
  Expected<json::Value> parsed = json::parse(text);
  if (!parsed)
    return createStringError("is not valid JSON (" +
                             toString(parsed.takeError()) + ")");
  const json::Object *o = parsed->getAsObject();
  if (!o)
    return createStringError("is not a JSON object");
  std::optional<int64_t> version = o->getInteger("version");
  if (version != ArtifactCache::kFormatVersion)
    return createStringError(
        (version ? "has cache format version " + std::to_string(*version)
                 : std::string("has no cache format version")) +
        ", not " + std::to_string(ArtifactCache::kFormatVersion) +
        " (written by another Trident)");
  std::optional<StringRef> digest = o->getString(kChecksumField);
  if (!digest || !isHexDigest(*digest))
    return createStringError("has no valid '" + kChecksumField + "'");
  std::string covered = checksummedText(text, *digest);
  if (covered.empty() || sha256Hex(covered) != *digest)
    return createStringError("does not match its own SHA-256 (edited or "
                             "corrupt)");
  Description d;
  Artifact &a = d.artifact;
  std::optional<StringRef> storedKey = o->getString("key");
  std::optional<StringRef> storedStage = o->getString("stage");
  std::optional<StringRef> storedFormat = o->getString("format");
  std::optional<StringRef> sha = o->getString("sha256");
  std::optional<int64_t> size = o->getInteger("size");
  std::optional<bool> binary = o->getBoolean("binary");
  std::optional<StringRef> log = o->getString("log");
  const json::Object *metadata = o->getObject("metadata");
  if (!storedKey || !storedStage || !storedFormat || !sha || !size ||
      !binary || !log || !metadata)
    return createStringError("lacks one of key, stage, format, size, sha256, "
                             "binary, log, metadata");
  if (*storedKey != key)
    return createStringError("was stored under key '" + *storedKey +
                             "', not '" + key + "'");
  if (*storedStage != stage)
    return createStringError("is for stage '" + *storedStage +
                             "', not the requested '" + stage + "'");
  if (!isPlainName(*storedFormat))
    return createStringError("names the format '" + *storedFormat +
                             "', not a plain name");
  if (!format.empty() && *storedFormat != format)
    return createStringError("holds a '" + *storedFormat +
                             "' artifact, but stage '" + stage +
                             "' produces '" + format + "'");
  if (!isHexDigest(*sha) || *size <= 0 ||
      uint64_t(*size) > ArtifactCache::kMaxArtifactBytes)
    return createStringError("records an impossible size or SHA-256");
  a.format = storedFormat->str();
  a.stage = storedStage->str();
  a.binary = *binary;
  a.log = log->str();
  a.metadata = *metadata;
  d.size = uint64_t(*size);
  d.sha256 = sha->str();
  return d;
}

/// Moves `path` aside under a unique name in `dir` (so that readers see the
/// entry whole or not at all) and removes it; false if it stays.
bool retire(StringRef dir, StringRef path) {
  static std::atomic<unsigned> counter{0};
  SmallString<256> trash(dir);
  sys::path::append(trash, ".tmp-old-" + Twine(::getpid()) + "-" +
                               Twine(counter++));
  if (std::rename(path.str().c_str(), trash.c_str()) != 0)
    return cache::removeTree(path);
  return cache::removeTree(trash);
}

/// The paths that were reported bad in this process.
std::mutex warnedMutex;
StringSet<> &warnedPaths() {
  static StringSet<> paths;
  return paths;
}

} // namespace

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

ArtifactCache::ArtifactCache(std::string directory, WarningHandler handler)
    : dir(std::move(directory)), onWarning(std::move(handler)) {
  if (!onWarning)
    onWarning = [](StringRef message) {
      errs() << "trident: warning: " << message << "\n";
    };
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

void ArtifactCache::warn(StringRef message) const { onWarning(message); }

void ArtifactCache::reject(StringRef entry, StringRef path,
                           StringRef reason) const {
  bool removed = retire(dir, entry);
  {
    std::lock_guard<std::mutex> lock(warnedMutex);
    if (!warnedPaths().insert(path).second)
      return;
  }
  warn(("artifact cache entry " + path + " is unusable (" + reason + "); " +
        (removed ? "it is removed and rebuilt"
                 : "it cannot be removed; the artifact is rebuilt"))
           .str());
}

void ArtifactCache::discard(StringRef key, StringRef format,
                            StringRef reason) const {
  if (!isPlainName(key))
    return;
  SmallString<256> entry(dir), path;
  sys::path::append(entry, key);
  path = entry;
  if (isPlainName(format))
    sys::path::append(path, "artifact." + format);
  reject(entry, path, reason);
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
  if (!isPlainName(key))
    return createStringError("artifact cache: '" + key +
                             "' is not a cache key");
  if (!isPlainName(artifact.format))
    return createStringError("artifact cache: the format '" +
                             artifact.format + "' is not a plain name");
  if (artifact.data.empty() || artifact.data.size() > kMaxArtifactBytes)
    return createStringError(
        "artifact cache: a " + cache::bytesText(artifact.data.size()) +
        " artifact is not stored (entries hold 1 byte to " +
        cache::bytesText(kMaxArtifactBytes) + ")");
  std::string description = describe(key, artifact);
  if (description.size() > kMaxDescriptionBytes)
    return createStringError("artifact cache: the description of " + key +
                             " is over " +
                             cache::bytesText(kMaxDescriptionBytes) +
                             "; not stored");
  if (std::error_code ec = sys::fs::create_directories(dir))
    return createStringError("artifact cache: cannot create " + dir + ": " +
                             ec.message());
  // A private directory first, renamed into place when complete.
  static std::atomic<unsigned> counter{0};
  SmallString<256> tmp(dir);
  sys::path::append(tmp, ".tmp-" + key + "-" + Twine(::getpid()) + "-" +
                             Twine(counter++));
  cache::removeTree(tmp);
  if (std::error_code ec =
          sys::fs::create_directory(tmp, /*IgnoreExisting=*/false))
    return createStringError("artifact cache: cannot create " + tmp + ": " +
                             ec.message());
  auto cleanup = [&] { cache::removeTree(tmp); };
  SmallString<256> data(tmp), meta(tmp);
  sys::path::append(data, "artifact." + artifact.format);
  sys::path::append(meta, kDescriptionFile);
  if (Error e = writeFile(data, artifact.data)) {
    cleanup();
    return e;
  }
  if (Error e = writeFile(meta, description)) {
    cleanup();
    return e;
  }
  SmallString<256> final(dir);
  sys::path::append(final, key);
  // The old entry (if any) is moved aside whole, then ours moved in; another
  // writer may win the race: its entry is as good as ours.
  retire(dir, final);
  if (std::rename(tmp.c_str(), final.c_str()) != 0) {
    int error = errno;
    cleanup();
    // A non-empty directory there: another writer's entry, moved in since.
    if (error != ENOTEMPTY && error != EEXIST)
      return createStringError("artifact cache: cannot move " + tmp + " to " +
                               final + ": " + std::strerror(error));
  }
  return Error::success();
}

Expected<std::optional<Artifact>>
ArtifactCache::lookup(StringRef key, StringRef stage, StringRef format) const {
  if (!isPlainName(key))
    return createStringError("artifact cache: '" + key +
                             "' is not a cache key");
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0)
    return std::nullopt;
  if (!S_ISDIR(st.st_mode))
    return createStringError("artifact cache: " + dir + " is not a directory");
  SmallString<256> root;
  if (std::error_code ec = sys::fs::real_path(dir, root))
    return createStringError("artifact cache: cannot resolve " + dir + ": " +
                             ec.message());
  SmallString<256> entry(dir);
  sys::path::append(entry, key);
  cache::FileCheck check = cache::checkEntryDirectory(entry);
  if (check.status == cache::FileCheck::Bad)
    reject(entry, entry, check.reason);
  if (check.status != cache::FileCheck::Ok)
    return std::nullopt;
  // A missing file is a miss without a warning: an entry being replaced
  // by another writer, or removed by hand; the store that follows replaces
  // it.
  SmallString<256> meta(entry);
  sys::path::append(meta, kDescriptionFile);
  cache::FileCheck desc =
      cache::readEntryFile(meta, root, kMaxDescriptionBytes);
  if (desc.status == cache::FileCheck::Bad)
    reject(entry, meta, desc.reason);
  if (desc.status != cache::FileCheck::Ok)
    return std::nullopt;
  Expected<Description> d = parseDescription(desc.data, key, stage, format);
  if (!d) {
    reject(entry, meta, toString(d.takeError()));
    return std::nullopt;
  }
  SmallString<256> data(entry);
  sys::path::append(data, "artifact." + d->artifact.format);
  cache::FileCheck content =
      cache::readEntryFile(data, root, kMaxArtifactBytes, d->size);
  if (content.status == cache::FileCheck::Bad)
    reject(entry, data, content.reason);
  if (content.status != cache::FileCheck::Ok)
    return std::nullopt;
  if (sha256Hex(content.data) != d->sha256) {
    reject(entry, data, "its SHA-256 is not the one its description records "
                        "(edited or corrupt)");
    return std::nullopt;
  }
  d->artifact.data = std::move(content.data);
  return std::move(d->artifact);
}

std::string stageArtifactFormat(const Pipeline &pipeline, StringRef stage) {
  const Stage *s = pipeline.findStage(stage);
  if (!s)
    return "";
  for (auto it = s->entries.rbegin(); it != s->entries.rend(); ++it) {
    if (it->disabled)
      continue;
    if (const TranslationStepInfo *step = lookupTranslationStep(it->pass))
      return step->output;
    return "";
  }
  return "";
}

Expected<Artifact> compileCached(Compiler &compiler, mlir::ModuleOp module,
                                 const Pipeline &pipeline, StringRef stage,
                                 const ArtifactCache *cache, bool *hit,
                                 const AcceptArtifact &accept) {
  if (hit)
    *hit = false;
  std::string key;
  if (cache) {
    std::string text;
    raw_string_ostream os(text);
    module->print(os);
    key = ArtifactCache::key(text, pipeline, stage);
    Expected<std::optional<Artifact>> found =
        cache->lookup(key, stage, stageArtifactFormat(pipeline, stage));
    if (!found)
      return found.takeError();
    Error refused = *found && accept ? accept(**found) : Error::success();
    if (refused) {
      // The first line: a parse error goes on with the source and a caret.
      std::string why = toString(std::move(refused));
      cache->discard(key, (*found)->format,
                     "it cannot be used: " +
                         StringRef(why).split('\n').first.rtrim().str());
    } else if (*found) {
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
  // The compile stands without the cache: a failed store is a warning.
  if (cache)
    if (Error err = cache->store(key, *artifact))
      cache->warn(toString(std::move(err)) + "; the artifact is not cached");
  return *artifact;
}

} // namespace trident
