package dev.dsoap.parse;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.dsoap.parse.Canonical.Result;
import dev.dsoap.parse.ConformanceCorpus.Doc;
import dev.dsoap.parse.ConformanceCorpus.Verdict;

/**
 * Coverage-guided fuzzing of dsoap's parser against Woodstox: on any bytes, the same canonical events or both
 * refuse (with the conformance tests' documented exemptions: dsoap refuses DTDs, other encodings and XML 1.1, and
 * follows the Fifth Edition's name characters), and the same result when the input arrives in two pieces split at
 * any point. Any exception other than {@link XmlParseException} is a finding. {@code ./mvnw verify} replays the
 * inputs under {@code src/test/resources/dev/dsoap/parse/ParserFuzzTestInputs}; docs/fuzzing.md says how to fuzz.
 */
class ParserFuzzTest {
    private final XmlScanner reused = new XmlScanner(ConformanceTest.WOODSTOX_LIKE);

    @FuzzTest(maxDuration = "2m")
    void sameEventsAsWoodstox(FuzzedDataProvider data) {
        int split = data.consumeInt(0, Integer.MAX_VALUE);
        byte[] doc = data.consumeRemainingAsBytes();
        Doc d = new Doc("fuzzed", doc, Verdict.UNJUDGED);
        Result oracle = Canonical.oracle(doc);
        Result whole = Canonical.dsoap(doc, ConformanceTest.WOODSTOX_LIKE);
        if (!(ConformanceTest.disagree(oracle, whole) && ConformanceTest.excused(doc, oracle, whole))) {
            ConformanceTest.assertAgree(d, oracle, whole);
        }
        ConformanceTest.assertSameResult(d, whole, Canonical.dsoapSplit(reused, doc, split % (doc.length + 1)), "split");
    }
}
