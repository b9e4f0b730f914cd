// s3rver (a pure-JavaScript S3 server, dev dependency) ships no types; the tests and the benchmark use this much.
declare module 's3rver' {
  export default class S3rver {
    constructor(o: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
