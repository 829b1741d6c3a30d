import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { projectRoot } from '../../platform/temporalCli';

/**
 * Temporal's time-skipping test server (the one `TestWorkflowEnvironment.createTimeSkipping()` runs). The SDK would
 * download a native build of it at run time, which this machine cannot; the same server is published in Maven's registry
 * as the Java artifact below, so it is fetched there with Maven and run on the JVM through a small launcher.
 */
export const TEMPORAL_TEST_SERVER_ARTIFACT = {
  groupId: 'io.temporal',
  artifactId: 'temporal-test-server',
  version: '1.38.0',
};
const toolDir = path.join(projectRoot, '.tools', 'temporal-test-server');
const libDir = path.join(toolDir, 'lib');
export const temporalTestServerLauncher = path.join(toolDir, 'bin', 'temporal-test-server');

const pom = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>stockpulse.tools</groupId>
  <artifactId>temporal-test-server-runtime</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>${TEMPORAL_TEST_SERVER_ARTIFACT.groupId}</groupId>
      <artifactId>${TEMPORAL_TEST_SERVER_ARTIFACT.artifactId}</artifactId>
      <version>${TEMPORAL_TEST_SERVER_ARTIFACT.version}</version>
    </dependency>
    <!-- Gives SLF4J a (silent) logger, so the server does not print a warning about having none. -->
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-nop</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
`;

// The SDK runs "<launcher> <port>" and gives the server 5 s to answer: a JVM with the C1 compiler only and the serial
// collector is up in under a second here.
const launcher = `#!/bin/sh
here=$(cd "$(dirname "$0")/.." && pwd)
exec "\${JAVA_HOME:+$JAVA_HOME/bin/}java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$here/lib/*" io.temporal.testserver.TestServer "$@"
`;

const installed = () =>
  fs.existsSync(temporalTestServerLauncher) &&
  fs.existsSync(
    path.join(libDir, `${TEMPORAL_TEST_SERVER_ARTIFACT.artifactId}-${TEMPORAL_TEST_SERVER_ARTIFACT.version}.jar`),
  );

/** Installs the test server into .tools/temporal-test-server unless it is there (needs Java 17+ and Maven). Returns the launcher. */
export function ensureTemporalTestServer(log: (m: string) => void = () => {}): string {
  if (installed()) return temporalTestServerLauncher;
  const { groupId, artifactId, version } = TEMPORAL_TEST_SERVER_ARTIFACT;
  log(
    `Temporal test server not found; fetching ${groupId}:${artifactId}:${version} with Maven into .tools/temporal-test-server`,
  );
  for (const [tool, args] of [
    ['java', ['-version']],
    ['mvn', ['-v']],
  ] as const) {
    if (spawnSync(tool, args, { encoding: 'utf8' }).status !== 0) {
      throw new Error(
        `The Temporal time-skipping test server needs ${tool === 'java' ? 'Java 17 or later' : 'Maven'} (install it, e.g. "apt-get install ${tool === 'java' ? 'openjdk-17-jre-headless' : 'maven'}")`,
      );
    }
  }
  fs.rmSync(libDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(temporalTestServerLauncher), { recursive: true });
  fs.writeFileSync(path.join(toolDir, 'pom.xml'), pom);
  const result = spawnSync(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      path.join(toolDir, 'pom.xml'),
      'dependency:copy-dependencies',
      `-DoutputDirectory=${libDir}`,
      '-DincludeScope=runtime',
    ],
    {
      encoding: 'utf8',
      timeout: 600_000,
    },
  );
  if (result.status !== 0)
    throw new Error(
      `could not fetch the Temporal test server with Maven: ${(result.stdout + result.stderr).trim().split('\n').slice(-5).join(' ')}`,
    );
  fs.writeFileSync(temporalTestServerLauncher, launcher, { mode: 0o755 });
  if (!installed()) throw new Error(`Maven finished but ${artifactId}-${version}.jar is not in ${libDir}`);
  return temporalTestServerLauncher;
}

/**
 * Temporal's time-skipping test environment on the installed server. The SDK gives the server 5 s to answer, and a
 * JVM on a loaded machine can take longer (1.8 s here at a load average of 17), so a start is tried up to three times.
 */
export async function createTimeSkippingEnvironment(): Promise<TestWorkflowEnvironment> {
  const launcherPath = ensureTemporalTestServer();
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: launcherPath } },
      });
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}
