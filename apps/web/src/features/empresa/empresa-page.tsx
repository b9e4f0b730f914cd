import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Skeleton, Space } from 'antd';
import { PictureOutlined, SaveOutlined } from '@ant-design/icons';
import { logoUrl, ZEmpresaActualizar, type EmpresaActualizarInput } from '@predio/contract/empresa';
import { useQueryClient } from '@tanstack/react-query';
import { ImageCropUpload } from '../../components/image-crop-upload.tsx';
import { zodRule } from '../../components/zod-rule.ts';
import { useAgencias } from '../../lib/api/get-agencias.ts';
import { empresaKeys, useEmpresa } from '../../lib/api/get-empresa.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useGuardarEmpresa } from './api/guardar-empresa.ts';
import { useUsuariosOpciones } from './api/get-usuarios-opciones.ts';
import { AgenciasCard } from './agencias-card.tsx';
import { EspacioArchivosCard } from './espacio-archivos-card.tsx';
import { FormularioWebCard } from './formulario-web-card.tsx';
import { ApiPublicaCard } from './api-publica-card.tsx';
import './empresa.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

type Valores = Required<Omit<EmpresaActualizarInput, 'defaultAsesor' | 'defaultAuxiliar'>> & {
  defaultAsesor: string | null;
  defaultAuxiliar: string | null;
};

const NitOpcional = ZEmpresaActualizar.shape.nit;

/** Archivo > Compañía (idm 3): the company's data, logo, branches and defaults (objEmpresa). */
export function EmpresaPage() {
  const empresa = useEmpresa();
  if (empresa.isPending)
    return (
      <Card title="Compañía">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (empresa.isError)
    return <ErrorDeCarga titulo="No se pudieron cargar los datos de la empresa" onReintentar={() => void empresa.refetch()} />;
  return <EmpresaForm key={empresa.dataUpdatedAt} />;
}

function EmpresaForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const empresa = useEmpresa().data!;
  const agencias = useAgencias();
  const usuarios = useUsuariosOpciones();
  const guardar = useGuardarEmpresa();
  const [form] = Form.useForm<Valores>();
  const [error, setError] = useState<string | null>(null);
  const [logoAbierto, setLogoAbierto] = useState(false);

  const enviar = async (v: Valores) => {
    setError(null);
    try {
      const e = await guardar.mutateAsync(v);
      void message.success(`Datos de «${e.nombre}» guardados`);
    } catch (e) {
      setError(e instanceof ApiError ? erroresEnCampos(form, e) : e instanceof Error ? e.message : String(e));
    }
  };

  const opcionesUsuario = (usuarios.data ?? []).map((u) => ({
    value: u.usuario,
    label: `${u.nombre || u.usuario} (${u.usuario})`,
  }));
  const logo = logoUrl(empresa.logo);

  return (
    <Space orientation="vertical" size={16} className="empresa-page">
      <Card title="Compañía">
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
        <Row gutter={24}>
          <Col xs={24} lg={16}>
            <Form<Valores>
              name="empresa"
              form={form}
              layout="vertical"
              requiredMark="optional"
              initialValues={{
                nombre: empresa.nombre,
                nit: empresa.nit,
                direccion: empresa.direccion,
                telefonos: empresa.telefonos,
                email: empresa.email,
                web: empresa.web,
                defaultAgencia: empresa.defaultAgencia,
                defaultAsesor: empresa.defaultAsesor,
                defaultAuxiliar: empresa.defaultAuxiliar,
                colorSitio: empresa.colorSitio,
              }}
              onFinish={(v) => void enviar(v)}
            >
              <Row gutter={16}>
                <Col xs={24} md={14}>
                  <Form.Item
                    name="nombre"
                    label="Nombre de la empresa"
                    rules={[{ required: true, whitespace: true, message: 'Nombre es obligatorio' }]}
                  >
                    <Input maxLength={120} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item
                    name="nit"
                    label="NIT"
                    extra="Con dígito de verificación, p. ej. 900123456-8"
                    rules={[zodRule(NitOpcional, 'El NIT')]}
                  >
                    <Input maxLength={20} placeholder="900123456-8" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item name="direccion" label="Dirección">
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item name="telefonos" label="Teléfonos">
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="email"
                    label="Correo electrónico"
                    rules={[zodRule(ZEmpresaActualizar.shape.email, 'El correo')]}
                  >
                    <Input type="email" maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="web" label="Página web" rules={[zodRule(ZEmpresaActualizar.shape.web, 'La página web')]}>
                    <Input maxLength={200} placeholder="https://" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="colorSitio"
                    label="Color del sitio web"
                    extra="El color principal de su sitio en Predio (/sitio)."
                  >
                    <Input type="color" style={{ width: 80, padding: 2 }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="defaultAgencia" label="Agencia por defecto">
                    <Select
                      loading={agencias.isPending}
                      options={[
                        { value: 0, label: 'Ninguna' },
                        ...(agencias.data ?? []).filter((a) => a.activo).map((a) => ({ value: a.id, label: a.nombre })),
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="defaultAsesor" label="Asesor por defecto">
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={usuarios.isPending}
                      options={opcionesUsuario}
                      placeholder="Ninguno"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="defaultAuxiliar" label="Auxiliar por defecto">
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={usuarios.isPending}
                      options={opcionesUsuario}
                      placeholder="Ninguno"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
                Guardar
              </Button>
            </Form>
          </Col>
          <Col xs={24} lg={8}>
            <div className="empresa-logo">
              <span className="empresa-logo-label">Logo</span>
              {logo ? (
                <img src={logo} alt={`Logo de ${empresa.nombre || 'la empresa'}`} />
              ) : (
                <div className="empresa-logo-vacio">Sin logo</div>
              )}
              <Button icon={<PictureOutlined />} onClick={() => setLogoAbierto(true)}>
                Cambiar logo
              </Button>
            </div>
            <ImageCropUpload
              open={logoAbierto}
              onClose={() => setLogoAbierto(false)}
              title="Cambiar logo"
              url="/empresa/logo"
              width={400}
              height={160}
              imgFormat="png"
              onSuccess={() => {
                setLogoAbierto(false);
                void message.success('Logo actualizado');
                void queryClient.invalidateQueries({ queryKey: empresaKeys.all });
              }}
            />
          </Col>
        </Row>
      </Card>
      <AgenciasCard />
      <FormularioWebCard />
      <ApiPublicaCard />
      <EspacioArchivosCard />
    </Space>
  );
}
