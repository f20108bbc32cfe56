import type { Plugin } from "vite";

/** The framework every page runs: React, React DOM and React Router. */
const framework = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;

/** The browser build's entries that every page loads: the client entry and the root route. */
const isShellEntry = (id: string) =>
  /[\\/]app[\\/]entry\.client\.tsx$/.test(id) ||
  /[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/.test(id);

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Two chunks for the code every page loads, instead of Rolldown's default cut.
 *
 * By default the browser build splits what the client entry and the root route import into a
 * dozen small chunks, one per set of routes sharing a module. A reading page then loads 25 files,
 * and each costs its own gzip framing and import glue: about 7 KB gzip of a 131 KB page. Here the
 * framework goes into `framework` (it changes when the dependencies do, so it stays cached across
 * releases) and the site's own modules the shell imports statically into `shell`. Libraries the
 * shell reaches through a package's index (Base UI) are left to Rolldown: an index also reaches
 * parts that only lazily loaded views use.
 */
export function shellChunks(): Plugin {
  let entries: string[] = [];
  let shell: Set<string> | undefined;

  const shellModules = (graph: ModuleGraph) => {
    if (shell) return shell;
    shell = new Set();
    const queue = [...entries];
    while (queue.length) {
      const id = queue.pop()!;
      if (shell.has(id)) continue;
      shell.add(id);
      queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return shell;
  };

  return {
    name: "shiyi:shell-chunks",
    buildStart() {
      entries = [];
      shell = undefined;
    },
    moduleParsed(info) {
      if (this.environment.name === "client" && isShellEntry(info.id)) entries.push(info.id);
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // How the bundler's timing report names the group (its name is decided per module).
                  debugName: "framework and shell",
                  name(id, graph) {
                    if (!entries.length) return null;
                    if (framework.test(id)) return shellModules(graph).has(id) ? "framework" : null;
                    if (id.includes("node_modules")) return null;
                    return shellModules(graph).has(id) ? "shell" : null;
                  },
                },
              ],
            },
          },
        },
      },
    }),
  };
}
