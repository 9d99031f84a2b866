//===- Trident.cpp - C API of the Trident core ----------------------------===//
#include "trident-c/Trident.h"

#include "trident/Compiler/Compiler.h"
#include "trident/Config.h"
#include "trident/Plugin/PluginManager.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace trident;

static char *copyString(const std::string &s) {
  char *out = static_cast<char *>(std::malloc(s.size() + 1));
  if (out)
    std::memcpy(out, s.c_str(), s.size() + 1);
  return out;
}

/// Stores the message of `err` (if any) in *error; returns 0 or 1.
static int finish(llvm::Error err, char **error) {
  if (!err)
    return 0;
  std::string message = llvm::toString(std::move(err));
  if (error)
    *error = copyString(message);
  return 1;
}

static const char *orEmpty(const char *s) { return s ? s : ""; }

const char *tridentCoreBuildId(void) { return TRIDENT_BUILD_ID; }

int tridentLoadPlugin(const char *path, char **error) {
  return finish(PluginManager::instance().load(orEmpty(path)), error);
}

int tridentLoadPluginsFromEnvironment(char **error) {
  return finish(PluginManager::instance().loadFromEnvironment(), error);
}

char *tridentListPlugins(void) {
  std::string out;
  for (const LoadedPlugin *p : PluginManager::instance().plugins())
    out += p->name + " " + p->version + " " + p->path + "\n";
  return copyString(out);
}

int tridentPrintPipeline(const char *target, const char *name, char **result,
                         char **error) {
  if (!result)
    return finish(llvm::createStringError("tridentPrintPipeline: 'result' is null"),
                  error);
  PluginManager &plugins = PluginManager::instance();
  if (int rc = finish(plugins.loadFromEnvironment(), error))
    return rc;
  llvm::Expected<Target> t = Target::parse(orEmpty(target));
  if (!t)
    return finish(t.takeError(), error);
  llvm::Expected<Pipeline> pipeline =
      plugins.buildPipeline(*t, name ? name : "default");
  if (!pipeline)
    return finish(pipeline.takeError(), error);
  *result = copyString(pipeline->str());
  return 0;
}

int tridentCompile(const char *source, const char *bufferName,
                   const char *target, const char *pipelineName,
                   const char *untilStage, char **result, char **error) {
  if (!result)
    return finish(llvm::createStringError("tridentCompile: 'result' is null"),
                  error);
  Compiler compiler;
  auto module = compiler.parseSource(orEmpty(source),
                                     bufferName ? bufferName : "<source>");
  if (!module)
    return finish(module.takeError(), error);
  llvm::Expected<Pipeline> pipeline = compiler.buildPipeline(
      orEmpty(target), pipelineName ? pipelineName : "default");
  if (!pipeline)
    return finish(pipeline.takeError(), error);
  if (int rc = finish(compiler.run(**module, *pipeline, orEmpty(untilStage)),
                      error))
    return rc;
  std::string text;
  llvm::raw_string_ostream os(text);
  (*module)->print(os);
  *result = copyString(text);
  return 0;
}

void tridentFree(char *string) { std::free(string); }
