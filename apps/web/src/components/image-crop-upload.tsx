import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Alert, App, Button, Progress, Slider, Space, Steps, Typography, Upload } from 'antd';
import { AppModal } from './app-modal.tsx';
import { InboxOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { IMAGE_DEFAULTS } from '@predio/contract/constants';
import { http, type ApiBody } from '../lib/http.ts';
import { validateImageDimensions, validateImageFile } from './image-validation.ts';
import './image-crop-upload.css';

export type ImageCropUploadProps = {
  open: boolean;
  onClose: () => void;
  /** API path the image is posted to, relative to /api (e.g. '/terceros/SubirFoto'). */
  url: string;
  /** Multipart field that carries the image. */
  field?: string;
  /** Extra multipart fields sent with the image. */
  params?: Record<string, string>;
  width?: number;
  height?: number;
  maxSizeKb?: number;
  imgFormat?: 'png' | 'jpg';
  title?: string;
  onSuccess?: (response: ApiBody<unknown>) => void;
  onError?: (error: unknown) => void;
};

type Step = 0 | 1 | 2;
type Source = { url: string; image: HTMLImageElement };

const MAX_ZOOM = 4;
const PREVIEW_PX = 96;

// spec §5: the zoom slider runs -100..100; -100 shows the whole crop area filled, 100 is MAX_ZOOM.
const zoomFromSlider = (value: number) => 1 + ((value - IMAGE_DEFAULTS.zoomMin) / 200) * (MAX_ZOOM - 1);
const sliderFromZoom = (zoom: number) => Math.round(((zoom - 1) / (MAX_ZOOM - 1)) * 200 + IMAGE_DEFAULTS.zoomMin);
const clampSlider = (value: number) => Math.min(IMAGE_DEFAULTS.zoomMax, Math.max(IMAGE_DEFAULTS.zoomMin, value));

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Image only'));
    image.src = url;
  });
}

function renderCrop(
  image: HTMLImageElement,
  area: Area,
  width: number,
  height: number,
  format: 'png' | 'jpg',
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('El navegador no puede recortar imágenes');
  if (format === 'jpg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return canvas;
}

function canvasToBlob(canvas: HTMLCanvasElement, format: 'png' | 'jpg'): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error('No se pudo generar la imagen')) : resolve(blob)),
      format === 'png' ? 'image/png' : 'image/jpeg',
      0.92,
    );
  });
}

/** Runs `step` now and then every 60 ms while a zoom button is held (spec §9). */
function useRepeatWhileHeld(step: () => void) {
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const stop = () => clearInterval(timer.current);
  useEffect(() => stop, []);
  return {
    onPointerDown: () => {
      stop();
      step();
      timer.current = setInterval(step, IMAGE_DEFAULTS.zoomRepeatMs);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        step();
      }
    },
  };
}

/** Three-step dialog: choose an image, crop and zoom it, upload it with progress (spec §2, §5). */
export function ImageCropUpload({
  open,
  onClose,
  url,
  field = IMAGE_DEFAULTS.field,
  params = {},
  width = IMAGE_DEFAULTS.width,
  height = IMAGE_DEFAULTS.height,
  maxSizeKb = IMAGE_DEFAULTS.maxSizeKb,
  imgFormat = IMAGE_DEFAULTS.format,
  title = 'Subir imagen',
  onSuccess,
  onError,
}: ImageCropUploadProps) {
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>(0);
  const [source, setSource] = useState<Source | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [slider, setSlider] = useState<number>(IMAGE_DEFAULTS.zoomMin);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [uploading, setUploading] = useState(false);

  useEffect(
    () => () => {
      if (source !== null) URL.revokeObjectURL(source.url);
    },
    [source],
  );

  // spec §9: the preview is rendered again 300 ms after the last zoom or move.
  useEffect(() => {
    if (source === null || area === null) return;
    const timer = setTimeout(() => {
      setPreview(renderCrop(source.image, area, PREVIEW_PX, Math.round((PREVIEW_PX * height) / width), imgFormat).toDataURL());
    }, IMAGE_DEFAULTS.rerenderAfterZoomMs);
    return () => clearTimeout(timer);
  }, [source, area, width, height, imgFormat]);

  const zoomOut = useRepeatWhileHeld(() => setSlider((value) => clampSlider(value - 1)));
  const zoomIn = useRepeatWhileHeld(() => setSlider((value) => clampSlider(value + 1)));

  const choose = async (file: File) => {
    setProblem(null);
    const fileProblem = validateImageFile(file, maxSizeKb);
    if (fileProblem !== null) {
      setProblem(fileProblem);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    try {
      const image = await loadImage(objectUrl);
      const sizeProblem = validateImageDimensions(
        { width: image.naturalWidth, height: image.naturalHeight },
        { maxSizeKb, width, height },
      );
      if (sizeProblem !== null) {
        URL.revokeObjectURL(objectUrl);
        setProblem(sizeProblem);
        return;
      }
      setSource({ url: objectUrl, image });
      setCrop({ x: 0, y: 0 });
      setSlider(IMAGE_DEFAULTS.zoomMin);
      setPreview(null);
      setStep(1);
    } catch (error) {
      URL.revokeObjectURL(objectUrl);
      setProblem(error instanceof Error ? error.message : 'Image only');
    }
  };

  const upload = async () => {
    if (source === null || area === null) return;
    setStep(2);
    setProblem(null);
    setProgress(0);
    setUploading(true);
    try {
      const blob = await canvasToBlob(renderCrop(source.image, area, width, height, imgFormat), imgFormat);
      const form = new FormData();
      form.append(field, new File([blob], `${field}.${imgFormat}`, { type: blob.type }));
      for (const [name, value] of Object.entries(params)) form.append(name, value);
      const response = await http.upload<unknown>(url, form, { silent: true, onProgress: setProgress });
      setProgress(100);
      void message.success('Upload success');
      onSuccess?.(response);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      void message.error('Upload failed');
      onError?.(error);
    } finally {
      setUploading(false);
    }
  };

  const footer =
    step === 0 ? (
      <Button onClick={onClose}>Cancelar</Button>
    ) : step === 1 ? (
      <Space>
        <Button onClick={() => setStep(0)}>Elegir otra</Button>
        <Button type="primary" disabled={area === null} onClick={() => void upload()}>
          Subir imagen
        </Button>
      </Space>
    ) : (
      <Space>
        <Button disabled={uploading} onClick={() => setStep(1)}>
          Volver a recortar
        </Button>
        <Button type="primary" disabled={uploading} loading={uploading} onClick={() => void upload()}>
          Reintentar
        </Button>
      </Space>
    );

  return (
    <AppModal
      title={title}
      open={open}
      onCancel={uploading ? undefined : onClose}
      footer={footer}
      width={560}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Steps
        responsive={false}
        size="small"
        current={step}
        items={[{ title: 'Elegir' }, { title: 'Recortar' }, { title: 'Subir' }]}
        style={{ marginBottom: 16 }}
      />
      {step === 0 ? (
        <>
          <Upload.Dragger
            accept="image/*"
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void choose(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Haga clic o arrastre aquí una imagen</p>
            <p className="ant-upload-hint">
              Mínimo {width} × {height} px, máximo {maxSizeKb} KB.
            </p>
          </Upload.Dragger>
          {problem === null ? null : <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} role="alert" />}
        </>
      ) : null}
      {step === 1 && source !== null ? (
        <div className="crop-step">
          <div className="crop-area">
            <Cropper
              image={source.url}
              crop={crop}
              zoom={zoomFromSlider(slider)}
              minZoom={1}
              maxZoom={MAX_ZOOM}
              aspect={width / height}
              objectFit="cover"
              onCropChange={setCrop}
              onZoomChange={(zoom) => setSlider(clampSlider(sliderFromZoom(zoom)))}
              onCropComplete={(_area, pixels) => setArea(pixels)}
            />
          </div>
          <div className="crop-controls">
            <Button icon={<MinusOutlined />} aria-label="Alejar" {...zoomOut} />
            <Slider
              min={IMAGE_DEFAULTS.zoomMin}
              max={IMAGE_DEFAULTS.zoomMax}
              value={slider}
              onChange={(value: number) => setSlider(value)}
              tooltip={{ open: false }}
              ariaLabelForHandle="Zoom"
              style={{ flex: 1 }}
            />
            <Button icon={<PlusOutlined />} aria-label="Acercar" {...zoomIn} />
          </div>
          <div className="crop-preview">
            <Typography.Text type="secondary">Vista previa</Typography.Text>
            {preview === null ? (
              <span className="crop-preview-empty" />
            ) : (
              <Space>
                <img src={preview} alt="Vista previa cuadrada" width={PREVIEW_PX} />
                <img src={preview} alt="Vista previa redonda" width={PREVIEW_PX} className="crop-preview-round" />
              </Space>
            )}
          </div>
        </div>
      ) : null}
      {step === 2 ? (
        <div className="upload-step">
          <Progress percent={progress} status={problem === null ? (uploading ? 'active' : 'success') : 'exception'} />
          {problem === null ? (
            <Typography.Text type="secondary">{uploading ? 'Subiendo imagen…' : 'Imagen subida.'}</Typography.Text>
          ) : (
            <Alert type="error" showIcon title="Upload failed" description={problem} role="alert" />
          )}
        </div>
      ) : null}
    </AppModal>
  );
}
