package com.example.quotes;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

import java.util.List;

/**
 * The endpoint. {@code @DifferentialSoap} is all it takes: dsoap then reads the requests and writes the answers of
 * every operation. This board keeps nothing and answers what was posted.
 */
@DifferentialSoap
@WebService(endpointInterface = "com.example.quotes.QuoteBoard", targetNamespace = QuoteBoard.NS,
        serviceName = "QuoteBoardService", portName = "QuoteBoardPort")
public class QuoteBoardImpl implements QuoteBoard {
    @Override
    public List<Quote> post(List<Quote> quotes) {
        return quotes;
    }
}
