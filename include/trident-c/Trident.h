/*===- trident-c/Trident.h - C API of the Trident core ------------*- C -*-===*\
|*                                                                            *|
|* A small C API over libTridentCore.so, for hosts that cannot use C++ (the   *|
|* Python layer reaches it through ctypes, so it needs no build per Python   *|
|* version). Strings returned as `char *` are allocated by the core and must *|
|* be released with tridentFree. Functions returning int give 0 on success;  *|
|* on failure they store a message in *error (release it with tridentFree).  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef TRIDENT_C_TRIDENT_H
#define TRIDENT_C_TRIDENT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRIDENT_C_EXPORT __attribute__((visibility("default")))

/** The core's build id (TRIDENT_BUILD_ID); plugins must match it. */
TRIDENT_C_EXPORT const char *tridentCoreBuildId(void);

/** Loads a plugin; a file already loaded is a no-op. The error reads
 *  "<path>: <reason>". */
TRIDENT_C_EXPORT int tridentLoadPlugin(const char *path, char **error);

/** Loads the plugins named by TRIDENT_PLUGIN_PATHS (once per process). */
TRIDENT_C_EXPORT int tridentLoadPluginsFromEnvironment(char **error);

/** The loaded plugins, one per line: "name version path". */
TRIDENT_C_EXPORT char *tridentListPlugins(void);

/** The printed pipeline `name` ("default" or a named pipeline) of `target`
 *  ("cuda:90a", "cpu", ...), each edited entry marked with its plugin. */
TRIDENT_C_EXPORT int tridentPrintPipeline(const char *target, const char *name,
                                          char **result, char **error);

/** Parses `source` (MLIR text; `bufferName` appears in diagnostics), runs
 *  the pipeline through `untilStage` ("" for every stage this build can
 *  run) and returns the resulting IR in *result. */
TRIDENT_C_EXPORT int tridentCompile(const char *source, const char *bufferName,
                                    const char *target, const char *pipeline,
                                    const char *untilStage, char **result,
                                    char **error);

TRIDENT_C_EXPORT void tridentFree(char *string);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_C_TRIDENT_H */
