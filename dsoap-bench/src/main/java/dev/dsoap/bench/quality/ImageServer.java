package dev.dsoap.bench.quality;

import dev.dsoap.jaxws.DifferentialSoap;
import dev.dsoap.quality.QualityHandler;
import jakarta.jws.WebService;

/**
 * The image server with dsoap and its quality file ({@code images-quality.txt}), whose small variant is made by the
 * application's handler {@link #HALF} (registered under {@code half}): the image at 320 x 240.
 */
@DifferentialSoap(quality = "classpath:/dev/dsoap/bench/quality/images-quality.txt")
@WebService(endpointInterface = "dev.dsoap.bench.quality.Images", targetNamespace = Bonds.NS, serviceName = "ImageService",
        portName = "ImagePort")
public class ImageServer implements Images {
    static final int WIDTH = 640;
    static final int HEIGHT = 480;
    private static final Image FULL = Image.of(WIDTH, HEIGHT);
    private static final Image SMALL = FULL.scaled(2);

    /** The quality handler of variant {@code half}: the answer's image at half its width and height. */
    static final QualityHandler HALF = (parts, attributes) -> parts[0] instanceof Image i && i.getWidth() == WIDTH
            ? new Object[] {SMALL} : parts;

    @Override
    public Image getImage(String name, int scale) {
        return scale >= 2 ? SMALL : FULL;
    }
}
