// `npm run chart-files`: writes config/kratos' files (stack/kratos-files.ts) into deploy/helm/with-ory/values.yaml,
// between its BEGIN and END lines; the chart suite fails while they differ.
import { readFileSync, writeFileSync } from "node:fs";
import { kratosFiles, umbrellaValues, withKratosFiles } from "../stack/kratos-files.js";

writeFileSync(umbrellaValues, withKratosFiles(readFileSync(umbrellaValues, "utf8"), kratosFiles()));
console.log(`wrote config/kratos' files into ${umbrellaValues}`);
